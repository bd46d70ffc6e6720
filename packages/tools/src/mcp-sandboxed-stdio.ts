import { homedir } from 'node:os';
import path from 'node:path';
import { mcpProgramPaths } from './mcp-program-paths.js';
import type { McpStdioServerConfig } from './mcp-tools.js';
import type { Sandbox } from './sandbox/create-sandbox.js';

/** How a stdio MCP server is started: the process, and what to do once it has ended. */
export interface StdioLaunch {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Said once when `auto` had to start the server without the sandbox. */
  notice?: string;
  /** Stops the server's egress proxy (sandboxed servers); call after the process ended. */
  finish(): Promise<void>;
}

/** One shell word: `'…'` with every `'` closed, escaped and reopened. */
function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The launch of a stdio MCP server: as configured, or — with a sandbox and unless the server opts
 * out — as `bwrap … -- sh -c '<command> <args>'` through the sandbox's `wrap`, so the server gets
 * the same bounds as a shell command (and, in `on` mode without a working sandbox, does not start).
 * The server runs in its configured `cwd`, or the workspace; the SDK adds its small default
 * environment (PATH, HOME, …) to the env given here. Its own program folder and its launcher's
 * package cache are bound read-only (`mcpProgramPaths`), so a server kept under /tmp or home
 * starts inside the sandbox as it does outside; the network is the sandbox's allowed hosts (on
 * their ports) plus the server's `allowedHosts`.
 */
export async function sandboxedStdio(config: McpStdioServerConfig, sandbox: Sandbox | undefined): Promise<StdioLaunch> {
  const plain: StdioLaunch = {
    command: config.command,
    args: config.args ?? [],
    ...(config.env ? { env: config.env } : {}),
    ...(config.cwd ? { cwd: config.cwd } : {}),
    finish: async () => undefined,
  };
  if (sandbox === undefined || config.sandbox === false) return plain;
  const cwd = config.cwd === undefined ? sandbox.workspace : path.resolve(sandbox.workspace, config.cwd);
  const line = [config.command, ...(config.args ?? [])].map(shellQuote).join(' ');
  // Its own program folder and package cache, read-only: what it needs to start, the same at `warden mcp add` as in a run.
  const readablePaths = mcpProgramPaths(config.command, config.args ?? [], { cwd, home: config.env?.HOME ?? homedir(), pathVar: config.env?.PATH ?? process.env.PATH });
  const wrapped = await sandbox.wrap(line, {
    cwd,
    env: { ...(config.env ?? {}) },
    ...(config.allowedHosts?.length ? { allowedHosts: config.allowedHosts } : {}),
    ...(readablePaths.length > 0 ? { readablePaths } : {}),
  });
  return {
    command: wrapped.file,
    args: wrapped.args,
    env: wrapped.env,
    cwd,
    ...(wrapped.notice !== undefined ? { notice: wrapped.notice } : {}),
    async finish() {
      await wrapped.finish('');
    },
  };
}

import path from 'node:path';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { McpServerFailure } from '@warden/tools';
import { openSandbox } from './create-harness.js';
import { harnessRedactor } from './governance-parts.js';
import type { HarnessOptions } from './harness-options.js';
import { connectMcpServers } from './mcp-servers.js';
import type { OptionIssue } from './validate-options.js';

export interface StartMcpServersOptions {
  /** Only these configured servers (default: every one). */
  only?: readonly string[];
  /** Connect without the saved pins (to take fresh fingerprints: `warden mcp pin`). */
  ignorePins?: boolean;
}

/** The configured MCP servers, started as a run starts them. */
export interface StartedMcpServers {
  /** Namespaced names of the tools a run would offer (after each server's `tools` filter). */
  tools: string[];
  failures: McpServerFailure[];
  /** Fingerprint of every tool each server listed (see `ConnectedMcp.fingerprints`). */
  fingerprints: Record<string, string>;
  /** Whether stdio servers ran inside the OS sandbox. */
  sandboxed: boolean;
  /** What a run would warn about (the sandbox unavailable in `auto`, …). */
  warnings: OptionIssue[];
  close(): Promise<void>;
}

const START_KEYS = { only: true, ignorePins: true } satisfies OptionKeys<StartMcpServersOptions>;

/**
 * Starts the configured MCP servers exactly as `createHarness` does for a run — the same OS
 * sandbox (mode, allowed hosts and their ports, writable and readable paths), the same
 * environment, working folder and redaction — so a server that connects here connects in a run
 * and one that fails here fails there (#47: `warden mcp add` and `pin` use it). Servers are
 * closed with `close()`.
 */
export async function startMcpServers(options: HarnessOptions, start: StartMcpServersOptions = {}): Promise<StartedMcpServers> {
  strictOptions('startMcpServers', START_KEYS, start);
  const workdir = path.resolve(options.workdir);
  const env = options.env ?? process.env;
  const redactor = harnessRedactor(env);
  const warnings: OptionIssue[] = [];
  const chosen = Object.entries(options.mcpServers ?? {})
    .filter(([name]) => start.only === undefined || start.only.includes(name))
    .map(([name, entry]) => {
      const { pins: _pins, ...rest } = entry;
      return [name, start.ignorePins === true ? rest : entry] as const;
    });
  const sandbox = await openSandbox(options, workdir, warnings);
  try {
    const mcp = await connectMcpServers(Object.fromEntries(chosen), (text) => redactor.redact(text), sandbox);
    return {
      tools: (mcp?.tools ?? []).map((t) => t.name),
      failures: mcp?.failures ?? [],
      fingerprints: mcp?.fingerprints ?? {},
      sandboxed: mcp?.sandboxed ?? false,
      warnings,
      async close() {
        await mcp?.close();
        if (options.sandbox === undefined) sandbox?.close();
      },
    };
  } catch (error) {
    if (options.sandbox === undefined) sandbox?.close();
    throw error;
  }
}

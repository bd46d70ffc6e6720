import type { ToolContext, ToolV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { fingerprintMcpTool } from './mcp-fingerprint.js';
import { loadMcpSdk, type McpClientLike, type McpSdk, type McpToolInfo, type ModuleImporter } from './mcp-sdk.js';
import { mcpCatalog, type McpCatalog } from './mcp-resources.js';
import { mcpToolToToolV1 } from './mcp-tool-adapter.js';
import { stderrForwarder } from './mcp-stderr.js';
import { MCP_SERVER_NAME, namespacedToolName } from './mcp-tool-name.js';
import type { Sandbox } from './sandbox/create-sandbox.js';
import { sandboxedStdio, type StdioLaunch } from './mcp-sandboxed-stdio.js';
import { configError, toolError } from './tool-error-codes.js';

interface CommonServerConfig {
  /** Believe the server's readOnly/destructive hints (default false: every tool counts as destructive). */
  trustAnnotations?: boolean;
}
export interface McpStdioServerConfig extends CommonServerConfig {
  command: string;
  args?: string[];
  /** Added to the SDK's small default environment (PATH, HOME, ...); the parent's secrets are not inherited. */
  env?: Record<string, string>;
  /** Working directory (default: the sandbox's workspace when sandboxed). Must be inside the workspace to be sandboxed. */
  cwd?: string;
  /** Run this server in `McpToolsOptions.sandbox` (default true when a sandbox is given). */
  sandbox?: boolean;
  /** Hosts this server may reach through the sandbox's filtering proxy (on top of the sandbox's own). */
  allowedHosts?: string[];
}
export interface McpHttpServerConfig extends CommonServerConfig {
  /** A streamable-HTTP endpoint. */
  url: string;
  headers?: Record<string, string>;
}
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

export interface McpToolsOptions {
  servers: Record<string, McpServerConfig>;
  /** Fingerprints saved from an earlier `pin()`: start pinned; tools that differ are refused at connect. */
  pinned?: Record<string, string>;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  clientInfo?: { name: string; version: string };
  /** Receives a stdio server's stderr (the library never prints it). */
  onStderr?(server: string, chunk: string): void;
  /**
   * Removes secrets from text (governance's `createRedactor().redact`). When set, stderr reaches
   * `onStderr` redacted and line by line (a secret split across two pipe chunks is redacted
   * whole), and the messages in `failures` are redacted too. Tool results are not: redact them
   * with the other tools' results (core's `afterTool` hook).
   */
  redact?(text: string): string;
  /** How the SDK is imported (default: dynamic `import()`). */
  importModule?: ModuleImporter;
  /**
   * Starts every stdio server inside this OS sandbox (see `createSandbox`): the same bounds as the
   * shell's commands — the system read-only, the workspace writable but for its protected paths,
   * home hidden, no network but the filtering proxy. A server opts out with `sandbox: false`.
   */
  sandbox?: Sandbox;
  /**
   * `_meta` added to each tool call (the harness passes the call's W3C `traceparent` and
   * `tracestate` this way, so a Warden MCP server's run joins the caller's trace).
   */
  callMeta?: (ctx: ToolContext) => Readonly<Record<string, string>> | undefined;
}

export interface McpServerFailure {
  server: string;
  /** `tool.mcp_connect_failed` or `tool.mcp_tool_changed`. */
  code: string;
  message: string;
  /** The namespaced tool refused, for a `tool.mcp_tool_changed` failure. */
  tool?: string;
}

export interface McpToolSet {
  /** Every tool of every server that connected, namespaced `<server>__<tool>`. */
  readonly tools: ToolV1[];
  /** Servers that failed to connect or list, and tools refused against a pin: reported, never thrown. */
  readonly failures: McpServerFailure[];
  /** Fingerprint of each tool (by namespaced name) as listed at connect time. */
  fingerprints(): Record<string, string>;
  /**
   * Freezes the fingerprints: from now on each call first re-lists the tool
   * and refuses it (`tool.mcp_tool_changed`) if its description or schema
   * changed or it disappeared. Returns the pinned map, to save and pass back
   * as `pinned` next time.
   */
  pin(): Record<string, string>;
  readonly isPinned: boolean;
  /** Resources (untrusted content) and prompts of the servers that declare them; `tools` holds the resource tools. */
  readonly catalog: McpCatalog;
  close(): Promise<void>;
}

interface Connected {
  server: string;
  client: McpClientLike;
  listed: McpToolInfo[];
  /** Stops the sandbox's proxy of a sandboxed server, once the server has ended. */
  finish(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function listAll(client: McpClientLike, timeoutMs: number): Promise<McpToolInfo[]> {
  const tools: McpToolInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const result = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

function checkOptions(options: McpToolsOptions): void {
  if (typeof options !== 'object' || options === null || typeof options.servers !== 'object' || options.servers === null) {
    throw configError({ code: 'config.invalid', message: 'mcpTools: servers must be an object of server name to config' });
  }
  for (const [name, config] of Object.entries(options.servers)) {
    if (!MCP_SERVER_NAME.test(name)) {
      throw configError({ code: 'config.invalid', message: `mcpTools: server name ${JSON.stringify(name)} must be 1-32 characters: a letter, then letters, digits, _ or -`, hint: 'Server names prefix tool names (<server>__<tool>).' });
    }
    const hasCommand = typeof (config as McpStdioServerConfig).command === 'string';
    const hasUrl = typeof (config as McpHttpServerConfig).url === 'string';
    if (hasCommand === hasUrl) {
      throw configError({ code: 'config.invalid', message: `mcpTools: server ${name} needs exactly one of command (stdio) or url (streamable HTTP)` });
    }
  }
}

async function connect(sdk: McpSdk, server: string, config: McpServerConfig, options: McpToolsOptions): Promise<Connected> {
  const client = new sdk.Client(options.clientInfo ?? { name: 'warden', version: '0.1.0' }, { capabilities: {} });
  let transport: unknown;
  let launch: StdioLaunch | undefined;
  if ('command' in config) {
    launch = await sandboxedStdio(config, options.sandbox);
    const stdio = new sdk.StdioClientTransport({
      command: launch.command,
      args: launch.args,
      ...(launch.env ? { env: launch.env } : {}),
      ...(launch.cwd ? { cwd: launch.cwd } : {}),
      stderr: 'pipe',
    });
    const forward = stderrForwarder(server, options.onStderr, options.redact);
    if (launch.notice !== undefined) forward.push(Buffer.from(`warden: ${launch.notice}\n`));
    stdio.stderr?.on('data', (chunk: Buffer) => forward.push(chunk));
    stdio.stderr?.on('end', () => forward.flush());
    transport = stdio;
  } else {
    transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), config.headers ? { requestInit: { headers: config.headers } } : undefined);
  }
  const finish = async (): Promise<void> => {
    await launch?.finish();
  };
  const timeoutMs = options.connectTimeoutMs ?? 30_000;
  try {
    await withTimeout(client.connect(transport, { timeout: timeoutMs }), timeoutMs, `connecting to ${server}`);
    const listed = await withTimeout(listAll(client, timeoutMs), timeoutMs, `listing the tools of ${server}`);
    return { server, client, listed, finish };
  } catch (error) {
    await client.close().catch(() => undefined);
    await finish();
    throw error;
  }
}

const MCP_TOOLS_KEYS = { servers: true, pinned: true, connectTimeoutMs: true, callTimeoutMs: true, clientInfo: true, importModule: true, sandbox: true, callMeta: true, onStderr: true, redact: true } satisfies OptionKeys<McpToolsOptions>;

/**
 * Connects to MCP servers (stdio or streamable HTTP) and exposes their tools
 * as protocol tools, namespaced `<server>__<tool>` and annotated `openWorld`,
 * to go through the same gate as every other tool. A server that fails is
 * listed in `failures`; only a missing SDK throws (`tool.mcp_sdk_missing`).
 */
export async function mcpTools(options: McpToolsOptions): Promise<McpToolSet> {
  strictOptions('mcpTools', MCP_TOOLS_KEYS, options);
  checkOptions(options);
  const sdk = await loadMcpSdk(options.importModule);
  const failures: McpServerFailure[] = [];
  const current = new Map<string, string>();
  let pinned: Map<string, string> | undefined = options.pinned ? new Map(Object.entries(options.pinned)) : undefined;
  const callTimeoutMs = options.callTimeoutMs ?? 120_000;
  const listTimeoutMs = options.connectTimeoutMs ?? 30_000;

  const settled = await Promise.allSettled(
    Object.entries(options.servers).map(([server, config]) => connect(sdk, server, config, options)),
  );
  const connected: Connected[] = [];
  settled.forEach((result, index) => {
    const server = Object.keys(options.servers)[index] as string;
    if (result.status === 'fulfilled') connected.push(result.value);
    else {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      const config = options.servers[server] as McpServerConfig;
      const boxed = options.sandbox !== undefined && options.sandbox.mode !== 'off' && 'command' in config && config.sandbox !== false;
      // A server that needs the network or files outside the workspace fails inside the sandbox: say how to let it.
      const why = boxed ? ' (it was started inside the OS sandbox: no network but its allowedHosts, no files outside the workspace, home hidden; give it allowedHosts, or sandbox: false)' : '';
      const message = `MCP server ${server} could not be connected: ${reason}${why}`;
      failures.push({ server, code: 'tool.mcp_connect_failed', message: options.redact ? options.redact(message) : message });
    }
  });

  const tools: ToolV1[] = [];
  for (const { server, client, listed } of connected) {
    const config = options.servers[server] as McpServerConfig;
    for (const info of listed) {
      const name = namespacedToolName(server, info.name);
      const fingerprint = fingerprintMcpTool(info);
      if (current.has(name)) {
        failures.push({ server, code: 'tool.mcp_connect_failed', tool: name, message: `MCP server ${server} lists two tools that both become ${name}; the second is left out` });
        continue;
      }
      if (pinned && pinned.get(name) !== fingerprint) {
        const how = pinned.has(name) ? 'changed since it was pinned' : 'was not in the pinned set';
        failures.push({ server, code: 'tool.mcp_tool_changed', tool: name, message: `MCP tool ${name} ${how}; it is refused` });
        continue;
      }
      current.set(name, fingerprint);
      const beforeCall = async (): Promise<void> => {
        const expected = pinned?.get(name);
        if (expected === undefined) return;
        let latest: McpToolInfo | undefined;
        try {
          latest = (await listAll(client, listTimeoutMs)).find((t) => t.name === info.name);
        } catch (error) {
          throw toolError('tool.mcp_call_failed', `${name}: could not re-list the tools of ${server} to verify the pin`, 'The server may have crashed.', error);
        }
        if (latest === undefined || fingerprintMcpTool(latest) !== expected) {
          throw toolError(
            'tool.mcp_tool_changed',
            `${name} ${latest === undefined ? 'is no longer offered by' : 'changed its description or schema on'} MCP server ${server} after it was pinned; the call is refused`,
            'Review the server\'s new tool definition; if you trust it, reconnect and pin again.',
          );
        }
      };
      tools.push(mcpToolToToolV1({ server, name, info, client, trustAnnotations: config.trustAnnotations === true, callTimeoutMs, beforeCall, ...(options.callMeta ? { callMeta: options.callMeta } : {}) }));
    }
  }

  // Servers that declare resources get `<server>__list_resources` and `<server>__read_resource` (ours, not pinned).
  const catalog = mcpCatalog(connected.map(({ server, client }) => ({ server, client })), listTimeoutMs);
  for (const { server } of connected) {
    for (const tool of catalog.resourceTools(server)) {
      if (current.has(tool.name)) failures.push({ server, code: 'tool.mcp_connect_failed', tool: tool.name, message: `MCP server ${server} lists a tool that is also its resource tool ${tool.name}; the resource tool is left out` });
      else tools.push(tool);
    }
  }

  return {
    tools,
    failures,
    catalog,
    fingerprints: () => Object.fromEntries(current),
    pin() {
      pinned = new Map(current);
      return Object.fromEntries(pinned);
    },
    get isPinned() {
      return pinned !== undefined;
    },
    async close() {
      await Promise.allSettled(connected.map((c) => c.client.close()));
      await Promise.allSettled(connected.map((c) => c.finish()));
    },
  };
}

import type { TaintSource, ToolContext, ToolError, ToolV1 } from '@warden/protocol';
import { globRegExp } from '@warden/protocol/vocabulary';
import { toolError } from './coded-errors.js';
import { mcpTools, type McpServerConfig, type McpServerFailure, type Sandbox } from '@warden/tools';
import type { McpServerEntry } from './harness-config.js';

export interface ConnectedMcp {
  tools: ToolV1[];
  /** Namespaced names of the tools of trusted servers (their results do not taint). */
  trustedTools: Set<string>;
  /** One taint per untrusted server whose tool descriptions are in the context. */
  taint: TaintSource[];
  failures: McpServerFailure[];
  /** Fingerprint of every tool each server listed (by namespaced name), before the `tools` filter: what `warden mcp pin` saves. */
  fingerprints: Record<string, string>;
  /** Whether stdio servers were started inside the OS sandbox. */
  sandboxed: boolean;
  close(): Promise<void>;
}

/**
 * Connects the configured MCP servers through `@warden/tools` (the official SDK). Tool names are
 * `<server>__<tool>`; a server's `tools` filter keeps only the tools it names; pins refuse tools
 * that changed. Servers that fail are reported, not thrown. With the OS sandbox on, stdio servers
 * start inside it (the shell's bounds) unless their entry says `sandbox: false`.
 */
export async function connectMcpServers(
  servers: Readonly<Record<string, McpServerEntry>> | undefined,
  redact: (text: string) => string,
  sandbox?: Sandbox,
  callMeta?: (ctx: ToolContext) => Readonly<Record<string, string>> | undefined,
): Promise<ConnectedMcp | undefined> {
  const entries = Object.entries(servers ?? {});
  if (entries.length === 0) return undefined;
  const configs: Record<string, McpServerConfig> = {};
  const pinned: Record<string, string> = {};
  for (const [name, entry] of entries) {
    const trustAnnotations = entry.trust === 'trusted';
    configs[name] = entry.url
      ? { url: entry.url, ...(entry.headers ? { headers: entry.headers } : {}), trustAnnotations }
      : {
          command: entry.command ?? '',
          ...(entry.args ? { args: entry.args } : {}),
          ...(entry.env ? { env: entry.env } : {}),
          ...(entry.cwd ? { cwd: entry.cwd } : {}),
          ...(entry.sandbox !== undefined ? { sandbox: entry.sandbox } : {}),
          ...(entry.allowedHosts ? { allowedHosts: entry.allowedHosts } : {}),
          trustAnnotations,
        };
    for (const [tool, pin] of Object.entries(entry.pins ?? {})) pinned[tool.includes('__') ? tool : `${name}__${tool}`] = pin;
  }
  // Server stderr is not shown today; it is redacted all the same, before anyone could.
  const set = await mcpTools({ servers: configs, ...(Object.keys(pinned).length > 0 ? { pinned } : {}), redact, onStderr: () => undefined, ...(sandbox ? { sandbox } : {}), ...(callMeta ? { callMeta } : {}) });
  const tools: ToolV1[] = [];
  const trustedTools = new Set<string>();
  const taint: TaintSource[] = [];
  for (const [name, entry] of entries) {
    const filters = (entry.tools ?? ['*']).map((glob) => globRegExp(glob));
    const own = set.tools.filter((tool) => tool.name.startsWith(`${name}__`) && filters.some((f) => f.test(tool.name.slice(name.length + 2))));
    tools.push(...own);
    // A trusted server's tool answers do not taint; the documents it serves as resources always do.
    if (entry.trust === 'trusted') {
      for (const tool of own) if (!tool.annotations?.tags?.includes('mcp-resource')) trustedTools.add(tool.name);
    } else if (own.length > 0) taint.push({ source: `mcp:${name}`, reason: `the tool descriptions of the untrusted MCP server ${name} are in the model's context`, reasonId: 'mcp_descriptions', params: { server: name } });
  }
  return { tools, trustedTools, taint, failures: [...set.failures], fingerprints: set.fingerprints(), sandboxed: sandbox !== undefined && sandbox.mode !== 'off', close: () => set.close() };
}

/**
 * The error that fails a run whose configured server did not start (`tool.mcp_connect_failed`),
 * naming each such server and why; undefined when every server started or the ones that did not
 * are marked `optional: true` (their failure stays a warning). A pinned tool that changed is not
 * a start failure: that tool alone is refused.
 */
export function requiredServerFailure(servers: Readonly<Record<string, McpServerEntry>> | undefined, mcp: ConnectedMcp | undefined): ToolError | undefined {
  const failed = (mcp?.failures ?? []).filter((f) => f.code === 'tool.mcp_connect_failed' && f.tool === undefined && servers?.[f.server]?.optional !== true);
  if (failed.length === 0) return undefined;
  return toolError({
    code: 'tool.mcp_connect_failed',
    message: failed.map((f) => f.message).join('; '),
    hint: `Check the server with "warden mcp pin ${failed[0]?.server ?? 'NAME'}" (it starts servers exactly as a run does), fix its command, allowedHosts or sandbox setting, or mark it optional: true in mcpServers.`,
  });
}

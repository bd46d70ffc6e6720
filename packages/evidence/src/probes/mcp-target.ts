import { EvidenceError } from '../errors/evidence-error.js';
import { loadMcpSdk, type McpClientLike, type McpToolResult } from './mcp-sdk.js';
import { mcpObservation } from './mcp-observation.js';
import type { LoadedTarget } from './probe-target.js';
import { RemoteTargetFailure } from './remote-target-failure.js';

export interface McpTargetSpec {
  /** A streamable HTTP MCP endpoint. */
  url: string;
  /** The tool each probe turn calls (default `call`). */
  tool: string;
  headers?: Record<string, string>;
  timeout_s: number;
}

const CLIENT_INFO = { name: 'warden-probe', version: '1' };
const MAX_TOOL_PAGES = 50;

function ownNumber(error: unknown, key: string): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(error, key)?.value;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** What an SDK failure becomes: only its class of failure and number cross into the report. */
function failureOf(error: unknown): unknown {
  if (EvidenceError.isInstance(error) || error instanceof RemoteTargetFailure) return error;
  const name = error instanceof Error ? error.name : '';
  const code = ownNumber(error, 'code');
  if (name === 'McpError' && code !== undefined) return new RemoteTargetFailure('TargetProtocolError', `MCP error ${code}`);
  if (error instanceof Error && error.constructor.name === 'StreamableHTTPError' && code !== undefined) return new RemoteTargetFailure('TargetHttpStatus', `HTTP ${code}`);
  return new RemoteTargetFailure('TargetUnreachable');
}

async function toolNames(client: McpClientLike, timeout: number): Promise<Set<string>> {
  const names = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const listed = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
    for (const tool of listed.tools) names.add(tool.name);
    cursor = listed.nextCursor;
    if (cursor === undefined) break;
  }
  return names;
}

/**
 * A target behind a streamable HTTP MCP server. It connects once (on the first call,
 * or `verify`), checks that `tool` is listed (`TargetToolMissing` otherwise), and calls
 * it with `{ prompt, material, context }` for each probe turn; the observation is the
 * result's `structuredContent`, else its first text part parsed as JSON, validated like
 * a module entry's return value. Disconnects after finalization.
 */
export function createMcpTarget(spec: McpTargetSpec, options: { name: string; fetch?: typeof fetch }): LoadedTarget {
  const timeoutMs = spec.timeout_s * 1000;
  let client: McpClientLike | undefined;
  let connecting: Promise<McpClientLike> | undefined;

  const connect = (): Promise<McpClientLike> =>
    (connecting ??= (async () => {
      const sdk = await loadMcpSdk();
      const created = new sdk.Client(CLIENT_INFO, { capabilities: {} });
      const transport = new sdk.StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers ?? {}, redirect: 'manual' }, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
      client = created;
      try {
        await created.connect(transport, { timeout: timeoutMs });
        if (!(await toolNames(created, timeoutMs)).has(spec.tool)) throw new RemoteTargetFailure('TargetToolMissing', `no tool named ${spec.tool.slice(0, 64)}`);
      } catch (error) {
        throw failureOf(error);
      }
      return created;
    })());

  return {
    name: options.name,
    timeoutMs,
    prepare: () => connect(),
    async verify() {
      await connect();
    },
    async call(prompt, material, context) {
      const { signal, ...plain } = context;
      const active = await connect();
      let result: McpToolResult;
      try {
        // The SDK's own timeout is a backstop: the session's deadline decides first.
        result = await active.callTool({ name: spec.tool, arguments: { prompt, material: material ?? null, context: plain } }, undefined, { signal, timeout: timeoutMs + 1000 });
      } catch (error) {
        if (signal.aborted) throw error;
        throw failureOf(error);
      }
      return mcpObservation(result);
    },
    async dispose() {
      const active = client;
      client = undefined;
      await active?.close().catch(() => undefined);
    },
  };
}

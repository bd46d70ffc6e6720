import { installCommand, loadOptionalPeer } from '@warden/protocol/vocabulary';
import { evidenceError } from '../errors/coded-errors.js';

/** What an MCP target uses of the SDK's `Client`, structurally (the SDK is an optional peer). */
export interface McpClientLike {
  connect(transport: unknown, options?: { signal?: AbortSignal; timeout?: number }): Promise<void>;
  listTools(params?: { cursor?: string }, options?: { signal?: AbortSignal; timeout?: number }): Promise<{ tools: Array<{ name: string }>; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: unknown, options?: { signal?: AbortSignal; timeout?: number }): Promise<McpToolResult>;
  close(): Promise<void>;
}

/** A tool call's result, as far as a probe reads it. */
export interface McpToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: unknown;
  isError?: boolean;
}

export interface McpSdk {
  Client: new (info: { name: string; version: string }, options?: { capabilities?: Record<string, unknown> }) => McpClientLike;
  StreamableHTTPClientTransport: new (url: URL, options?: { requestInit?: RequestInit; fetch?: typeof fetch }) => unknown;
}

export const MCP_SDK_INSTALL = installCommand('@modelcontextprotocol/sdk');

/**
 * Loads `@modelcontextprotocol/sdk` on first use: it is an optional peer, needed only
 * by `mcp` targets. A missing SDK is `evidence.mcp_sdk_missing`, naming the install command.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  return loadOptionalPeer(
    ['@modelcontextprotocol/sdk'],
    async () => {
      const [client, http] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/streamableHttp.js')]);
      return { Client: client.Client as unknown as McpSdk['Client'], StreamableHTTPClientTransport: http.StreamableHTTPClientTransport as unknown as McpSdk['StreamableHTTPClientTransport'] };
    },
    (install, cause) =>
      evidenceError({
        code: 'evidence.mcp_sdk_missing',
        message: `mcp targets need the optional peer dependency @modelcontextprotocol/sdk, which is not installed: run \`${install}\`.`,
        hint: `Run \`${install}\` in your project.`,
        cause,
      }),
  );
}

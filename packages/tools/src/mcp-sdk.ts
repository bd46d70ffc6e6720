import { installCommand, loadOptionalPeer, type ModuleImporter } from '@warden/protocol/vocabulary';
import { toolError } from './tool-error-codes.js';

/** What this package uses of an MCP tool listing (the SDK's `Tool`, structurally). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; title?: string };
}

export interface McpContentItem {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  resource?: { uri?: string; text?: string; blob?: string; mimeType?: string };
}

export interface McpCallResult {
  content?: McpContentItem[];
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}

/** A resource a server lists (the SDK's `Resource`, structurally). */
export interface McpResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One part of a read resource: text or base64 `blob`. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A prompt a server lists, with its arguments. */
export interface McpPromptInfo {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

export interface McpPromptMessage {
  role: 'user' | 'assistant';
  content: McpContentItem;
}

export interface McpRequestOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** The part of the SDK's `Client` this package calls. */
export interface McpClientLike {
  connect(transport: unknown, options?: McpRequestOptions): Promise<void>;
  listTools(params?: { cursor?: string }, options?: McpRequestOptions): Promise<{ tools: McpToolInfo[]; nextCursor?: string }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: unknown, options?: McpRequestOptions): Promise<McpCallResult>;
  /** What the server declared at connect (`resources`, `prompts`, `tools`), when connected. */
  getServerCapabilities?(): { resources?: unknown; prompts?: unknown } | undefined;
  listResources?(params?: { cursor?: string }, options?: McpRequestOptions): Promise<{ resources: McpResourceInfo[]; nextCursor?: string }>;
  readResource?(params: { uri: string }, options?: McpRequestOptions): Promise<{ contents: McpResourceContents[] }>;
  listPrompts?(params?: { cursor?: string }, options?: McpRequestOptions): Promise<{ prompts: McpPromptInfo[]; nextCursor?: string }>;
  getPrompt?(params: { name: string; arguments?: Record<string, string> }, options?: McpRequestOptions): Promise<{ description?: string; messages: McpPromptMessage[] }>;
  close(): Promise<void>;
}

export interface StdioTransportLike {
  readonly stderr: { on(event: 'data', listener: (chunk: Buffer) => void): unknown; on(event: 'end', listener: () => void): unknown } | null;
}

export interface McpSdk {
  Client: new (info: { name: string; version: string }, options?: { capabilities?: Record<string, unknown> }) => McpClientLike;
  StdioClientTransport: new (params: { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; stderr?: 'pipe' | 'ignore' | 'inherit' }) => StdioTransportLike;
  StreamableHTTPClientTransport: new (url: URL, options?: { requestInit?: { headers?: Record<string, string> } }) => unknown;
}

/** How modules are imported; the default is the runtime's dynamic `import()`. */
export type { ModuleImporter };

export const MCP_SDK_INSTALL = installCommand('@modelcontextprotocol/sdk');

const defaultImporter: ModuleImporter = (specifier) => import(specifier);

/**
 * Loads `@modelcontextprotocol/sdk` on first use (it is an optional peer
 * dependency). A missing SDK is a `tool.mcp_sdk_missing` ToolError naming
 * the install command, not a raw module error deep in a run.
 */
export function loadMcpSdk(importModule: ModuleImporter = defaultImporter): Promise<McpSdk> {
  return loadOptionalPeer(
    ['@modelcontextprotocol/sdk'],
    async () => {
      const [client, stdio, http] = (await Promise.all([
        importModule('@modelcontextprotocol/sdk/client/index.js'),
        importModule('@modelcontextprotocol/sdk/client/stdio.js'),
        importModule('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      ])) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
      return {
        Client: client.Client as McpSdk['Client'],
        StdioClientTransport: stdio.StdioClientTransport as McpSdk['StdioClientTransport'],
        StreamableHTTPClientTransport: http.StreamableHTTPClientTransport as McpSdk['StreamableHTTPClientTransport'],
      };
    },
    (install, error) => toolError('tool.mcp_sdk_missing', `MCP tools need the optional peer dependency @modelcontextprotocol/sdk, which is not installed: run \`${install}\``, `Run \`${install}\` in your project.`, error),
  );
}

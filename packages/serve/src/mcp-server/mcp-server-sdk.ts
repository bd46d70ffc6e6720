import { installCommand, isMissingModule } from '@warden/protocol/vocabulary';
import { toolError } from '../coded-errors.js';

/** The install command named when the optional peer is missing. */
export const MCP_SDK_INSTALL = installCommand('@modelcontextprotocol/sdk');

/** The parts of the official MCP SDK the server uses, loaded on first use. */
export interface McpServerSdk {
  Server: typeof import('@modelcontextprotocol/sdk/server/index.js').Server;
  StdioServerTransport: typeof import('@modelcontextprotocol/sdk/server/stdio.js').StdioServerTransport;
  StreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
  types: typeof import('@modelcontextprotocol/sdk/types.js');
}

let loading: Promise<McpServerSdk> | undefined;

/**
 * Loads `@modelcontextprotocol/sdk` (an optional peer of `@warden/harness`) the first time a
 * server is built: programs that never serve MCP never load it. A missing SDK is a typed
 * `tool.mcp_sdk_missing` error naming the install command.
 */
export function loadMcpServerSdk(): Promise<McpServerSdk> {
  loading ??= (async () => {
    try {
      const [server, stdio, http, types] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/index.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
        import('@modelcontextprotocol/sdk/types.js'),
      ]);
      return { Server: server.Server, StdioServerTransport: stdio.StdioServerTransport, StreamableHTTPServerTransport: http.StreamableHTTPServerTransport, types };
    } catch (error) {
      loading = undefined;
      if (!isMissingModule(error)) throw error;
      throw toolError({
        code: 'tool.mcp_sdk_missing',
        message: `serving MCP needs the optional peer dependency @modelcontextprotocol/sdk, which is not installed: run \`${MCP_SDK_INSTALL}\``,
        hint: `Run \`${MCP_SDK_INSTALL}\` in your project.`,
        cause: error,
      });
    }
  })();
  return loading;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface TestMcpState {
  /** Changing this after a pin is the "rug pull". */
  addDescription: string;
  /** Adds a parameter to `add`'s schema when set. */
  addExtraField: boolean;
  /** Removes `add` from the listing when set. */
  hideAdd: boolean;
  calls: string[];
  /** Authorization headers seen. */
  authorizations: string[];
}

export interface TestMcpServer {
  url: string;
  state: TestMcpState;
  close(): Promise<void>;
}

function buildServer(state: TestMcpState): McpServer {
  const server = new McpServer({ name: 'warden-test-http', version: '1.0.0' });
  const add = async ({ a, b }: { a: number; b: number }) => {
    state.calls.push('add');
    return { content: [{ type: 'text' as const, text: String(a + b) }] };
  };
  if (!state.hideAdd && state.addExtraField) {
    server.registerTool(
      'add',
      { description: state.addDescription, inputSchema: { a: z.number(), b: z.number(), note: z.string().optional() }, annotations: { readOnlyHint: true } },
      add,
    );
  } else if (!state.hideAdd) {
    server.registerTool(
      'add',
      { description: state.addDescription, inputSchema: { a: z.number().describe('first'), b: z.number().describe('second') }, annotations: { readOnlyHint: true } },
      add,
    );
  }
  server.registerTool('pixel', { description: 'Returns a tiny image', inputSchema: {} }, async () => {
    state.calls.push('pixel');
    return { content: [{ type: 'text', text: 'here' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] };
  });
  server.registerTool('refuse', { description: 'Always reports a failure', inputSchema: { why: z.string() } }, async ({ why }) => {
    state.calls.push('refuse');
    return { content: [{ type: 'text', text: `refused: ${why}` }], isError: true };
  });
  server.registerTool('dotted.name', { description: 'A name providers would reject', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'dotted ok' }],
  }));
  return server;
}

/** A small stateless streamable-HTTP MCP server on 127.0.0.1, built with the SDK's server classes. */
export async function startTestMcpServer(): Promise<TestMcpServer> {
  const state: TestMcpState = { addDescription: 'Add two numbers', addExtraField: false, hideAdd: false, calls: [], authorizations: [] };
  const http: Server = createServer((req, res) => {
    if (req.headers.authorization) state.authorizations.push(req.headers.authorization);
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }));
      return;
    }
    const server = buildServer(state);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

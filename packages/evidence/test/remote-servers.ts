import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterEach } from 'vitest';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface LocalServer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const servers = new Set<Server>();

function stop(server: Server): Promise<void> {
  servers.delete(server);
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

afterEach(async () => {
  await Promise.all([...servers].map(stop));
});

async function listen(server: Server): Promise<string> {
  servers.add(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A real HTTP server on 127.0.0.1 that records every request and lets `handle` answer it; closed after the test. */
export async function startHttpServer(handle: (received: Received, res: ServerResponse) => void | Promise<void>): Promise<LocalServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const entry = { path: req.url ?? '/', headers: req.headers, body: await readJson(req) };
      received.push(entry);
      await handle(entry, res);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const url = await listen(server);
  return { url, received, close: () => stop(server) };
}

/** Answers JSON with a status. */
export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/**
 * A real MCP server (the SDK's McpServer over StreamableHTTPServerTransport, stateless:
 * one server per request) on 127.0.0.1. `register` adds the tools.
 */
export async function startMcpServer(register: (server: McpServer) => void): Promise<LocalServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      const mcp = new McpServer({ name: 'probe-fixture', version: '1.0.0' });
      register(mcp);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const url = await listen(server);
  return { url: `${url}/mcp`, received, close: () => stop(server) };
}

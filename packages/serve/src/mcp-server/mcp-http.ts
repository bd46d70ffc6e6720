import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostOriginCheck } from '@warden/protocol/net';
import { applyServerTimeouts, BodyTooLarge, defaultHosts, keyConfigError, readBody, refuseForeign, rpcError, SERVER_OPTIONS } from '../serve-http.js';
import { isUsableKey, keyRing, MIN_KEY_LENGTH, type KeyGrant } from './bearer-keys.js';
import type { McpAgent } from './mcp-agent.js';
import type { McpServerSdk } from './mcp-server-sdk.js';

/** Streamable HTTP (stateless) options. */
export interface McpHttpOptions {
  /** 0 picks a free port. */
  port: number;
  /** The address to bind (default `127.0.0.1`). */
  host?: string;
  /** The endpoint path (default `/mcp`). */
  path?: string;
  /** Server keys: each reaches every agent. Agent keys come with the agents. At least one key must exist. */
  keys?: readonly string[];
  /**
   * `Host` header values accepted (DNS rebinding protection, with the port, e.g. `mcp.internal:8080`).
   * Default: the loopback names with the port when bound to loopback, else `host:port`.
   */
  allowedHosts?: readonly string[];
  /** `Origin` values a browser may send (default `http://` + each allowed host). A request without `Origin` (not a browser) passes. */
  allowedOrigins?: readonly string[];
  /** The largest request body (default 256 KiB); larger is 413. */
  maxBodyBytes?: number;
  /** HTTP requests in progress at once (default 8); more are 429. */
  maxConcurrentRequests?: number;
}

export interface RunningMcpHttp {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface HttpServing {
  agents: readonly McpAgent[];
  build(grant: KeyGrant): InstanceType<McpServerSdk['Server']>;
}

/** Starts the stateless streamable HTTP endpoint; one SDK server and transport per request. */
export async function listenMcpHttp(sdk: McpServerSdk, options: McpHttpOptions, serving: HttpServing): Promise<RunningMcpHttp> {
  const serverKeys = options.keys ?? [];
  for (const key of serverKeys) if (!isUsableKey(key)) throw keyConfigError(`a server key is not at least ${MIN_KEY_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`);
  const agentKeys = new Map(serving.agents.filter((a) => (a.keys?.length ?? 0) > 0).map((a) => [a.name, a.keys!]));
  if (serverKeys.length === 0 && agentKeys.size === 0) throw keyConfigError('an MCP HTTP server needs at least one bearer key');
  const ring = keyRing(serverKeys, agentKeys);
  const host = options.host ?? '127.0.0.1';
  const endpoint = options.path ?? '/mcp';
  const maxBody = options.maxBodyBytes ?? 256 * 1024;
  const maxRequests = options.maxConcurrentRequests ?? 8;
  let allowedHosts: string[] = [];
  let allowedOrigins: string[] = [];
  let foreign: ReturnType<typeof hostOriginCheck> = () => 'host';
  let active = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = foreign(req.headers);
    if (refused) return refuseForeign(res, refused);
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname !== endpoint) return rpcError(res, 404, -32000, 'Not found');
    const grant = ring.check(req.headers.authorization);
    if (!grant) return rpcError(res, 401, -32000, 'Unauthorized: a valid bearer key is required', { 'www-authenticate': 'Bearer' });
    // Stateless: no standalone SSE stream (GET) and no session to delete (DELETE).
    if (req.method !== 'POST') return rpcError(res, 405, -32000, 'Method not allowed: this stateless server takes POST only', { allow: 'POST' });
    if (active >= maxRequests) return rpcError(res, 429, -32000, `Too many requests: ${maxRequests} are in progress`, { 'retry-after': '1' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) return rpcError(res, 413, -32000, `Request too large: the limit is ${maxBody} bytes`, { connection: 'close' });
    active += 1;
    res.once('close', () => (active -= 1));
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, maxBody)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLarge) return rpcError(res, 413, -32000, `Request too large: the limit is ${maxBody} bytes`, { connection: 'close' });
      return rpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    }
    const server = serving.build(grant);
    const transport = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts,
      allowedOrigins,
    });
    res.once('close', () => {
      void transport.close().catch(() => undefined);
      void server.close().catch(() => undefined);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  const http = createServer(SERVER_OPTIONS, (req, res) => {
    handle(req, res).catch(() => rpcError(res, 500, -32603, 'Internal error'));
  });
  applyServerTimeouts(http);
  const port = await new Promise<number>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve((http.address() as AddressInfo).port));
  });
  allowedHosts = [...defaultHosts(host, port), ...(options.allowedHosts ?? [])];
  allowedOrigins = [...(options.allowedOrigins ?? allowedHosts.map((h) => `http://${h}`))];
  foreign = hostOriginCheck({ hosts: allowedHosts, origins: allowedOrigins });
  const shown = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shown}:${port}${endpoint}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeIdleConnections();
        const cut = setTimeout(() => http.closeAllConnections(), 2000);
        cut.unref();
      })),
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostOriginCheck } from '@warden/protocol/net';
import { applyServerTimeouts, BodyTooLarge, defaultHosts, keyConfigError, readBody, refuseForeign, rpcError, SERVER_OPTIONS } from '../serve-http.js';
import { isUsableKey, keyRing, MIN_KEY_LENGTH, type KeyGrant } from '../mcp-server/bearer-keys.js';
import type { McpAgent } from '../mcp-server/mcp-agent.js';
import type { A2aServerSdk } from './a2a-server-sdk.js';
import type { AdmissionTicket } from './a2a-admission.js';

/** Where the HTTP layer leaves a send's capacity ticket in the SDK's call context state. */
export const TICKET_STATE_KEY = 'warden.admission';
/** The JSON-RPC methods that start (or continue) a task, and so need capacity. */
const SEND_METHODS = new Set(['SendMessage', 'SendStreamingMessage']);

/** HTTP options of an A2A server (JSON-RPC binding, with SSE for streaming). */
export interface A2aHttpOptions {
  /** 0 picks a free port. */
  port: number;
  /** The address to bind (default `127.0.0.1`). */
  host?: string;
  /** Server keys: each reaches every agent. Agent keys come with the agents. At least one key must exist. */
  keys?: readonly string[];
  /**
   * The URL clients reach this server at, put in the agent cards (default `http://<host>:<port>`).
   * Set it when the server sits behind a proxy or a name.
   */
  publicUrl?: string;
  /** `Host` header values accepted (DNS rebinding protection). Default: the loopback names with the port when bound to loopback, else `host:port`, plus the public URL's host. */
  allowedHosts?: readonly string[];
  /** `Origin` values a browser may send (default `http://` + each allowed host). A request without `Origin` (not a browser) passes. */
  allowedOrigins?: readonly string[];
  /** The largest request body (default 256 KiB); larger is 413. */
  maxBodyBytes?: number;
  /** HTTP requests in progress at once, streams included (default 16); more are 429. */
  maxConcurrentRequests?: number;
}

export interface RunningA2aHttp {
  /** The base URL; each agent is at `<url>/a2a/<name>/` (its card at `.well-known/agent-card.json` under it). */
  url: string;
  port: number;
  /** Each agent's base URL, by name (what a client's `createFromUrl` takes). */
  agentUrls: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

type AgentCard = import('@a2a-js/sdk').AgentCard;
type Transport = InstanceType<A2aServerSdk['server']['JsonRpcTransportHandler']>;

/** One agent's endpoint: built once the server knows its own URL — the card (public) and the JSON-RPC transport handler. */
export interface A2aEndpoint {
  agent: McpAgent;
  build(baseUrl: string): { card: AgentCard; transport: Transport };
}

const CARD = '.well-known/agent-card.json';

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function granted(grant: KeyGrant, agent: string): boolean {
  return grant.kind === 'all' || grant.agents.has(agent);
}

/**
 * Starts the A2A HTTP endpoint: `GET /.well-known/agent-card.json` (the first agent) and
 * `GET /a2a/<name>/.well-known/agent-card.json` serve the public cards; `POST /a2a/<name>/` is
 * that agent's JSON-RPC endpoint (streaming methods answer with SSE). Every POST needs a bearer
 * key that reaches the agent (constant-time check, never logged); Host and Origin are checked
 * against allow-lists (DNS rebinding); bodies over the limit are 413 and requests over the
 * concurrency limit are 429.
 */
/** What `GET /healthz` reports: runs in progress, the limit, and whether the server is draining. */
export interface A2aHealth {
  running: number;
  maxConcurrentRuns: number;
  queued: number;
  maxQueue: number;
  draining: boolean;
}

/** How the server admits sends: a ticket, or none (429) with the seconds to wait. */
export interface A2aAdmitter {
  reserve(): AdmissionTicket | undefined;
  retryAfterSeconds: number;
}

export async function listenA2aHttp(sdk: A2aServerSdk, options: A2aHttpOptions, endpoints: readonly A2aEndpoint[], health?: () => A2aHealth, admitter?: A2aAdmitter): Promise<RunningA2aHttp> {
  const serverKeys = options.keys ?? [];
  for (const key of serverKeys) if (!isUsableKey(key)) throw keyConfigError(`a server key is not at least ${MIN_KEY_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`);
  const agentKeys = new Map(endpoints.filter((e) => (e.agent.keys?.length ?? 0) > 0).map((e) => [e.agent.name, e.agent.keys!]));
  if (serverKeys.length === 0 && agentKeys.size === 0) throw keyConfigError('an A2A HTTP server needs at least one bearer key');
  const ring = keyRing(serverKeys, agentKeys);
  const host = options.host ?? '127.0.0.1';
  const maxBody = options.maxBodyBytes ?? 256 * 1024;
  const maxRequests = options.maxConcurrentRequests ?? 16;
  const byName = new Map(endpoints.map((e) => [e.agent.name, e]));
  let base = '';
  let foreign: ReturnType<typeof hostOriginCheck> = () => 'host';
  const built = new Map<string, { card: AgentCard; json: string; transport: Transport }>();
  let active = 0;

  const agentBase = (name: string): string => `${base}/a2a/${name}/`;

  async function rpc(endpoint: A2aEndpoint, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const grant = ring.check(req.headers.authorization);
    if (!grant || !granted(grant, endpoint.agent.name)) return rpcError(res, 401, -32000, 'Unauthorized: a valid bearer key for this agent is required', { 'www-authenticate': 'Bearer' });
    if (active >= maxRequests) return rpcError(res, 429, -32000, `Too many requests: ${maxRequests} are in progress`, { 'retry-after': '1' });
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBody) return rpcError(res, 413, -32000, `Request too large: the limit is ${maxBody} bytes`, { connection: 'close' });
    active += 1;
    res.once('close', () => (active -= 1));
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse((await readBody(req, maxBody)).toString('utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return rpcError(res, 400, -32600, 'Invalid Request: one JSON-RPC object is expected');
      body = parsed as Record<string, unknown>;
    } catch (error) {
      if (error instanceof BodyTooLarge) return rpcError(res, 413, -32000, `Request too large: the limit is ${maxBody} bytes`, { connection: 'close' });
      return rpcError(res, 400, -32700, 'Parse error: the body is not JSON');
    }
    const { server, main } = sdk;
    const id = (body.id as string | number | null | undefined) ?? null;
    const version = req.headers[main.A2A_VERSION_HEADER.toLowerCase()];
    const context = server.defaultServerCallContextBuilder({
      extensions: main.Extensions.parseServiceParameter(req.headers[main.HTTP_EXTENSION_HEADER.toLowerCase()] as string | undefined),
      user: { isAuthenticated: true, userName: `a2a:${endpoint.agent.name}` },
      headers: req.headers,
      requestedVersion: typeof version === 'string' ? version : undefined,
    });
    if (admitter && SEND_METHODS.has(body.method as string)) {
      // Runs and the queue are full: said before any task exists, so the caller may simply retry.
      const ticket = admitter.reserve();
      if (!ticket) return rpcError(res, 429, -32000, 'Too many tasks: every run slot and queue place is taken; retry later', { 'retry-after': String(admitter.retryAfterSeconds) });
      context.state.set(TICKET_STATE_KEY, ticket);
      res.once('close', () => {
        if (!ticket.claimed) ticket.release();
      });
    }
    const { card, transport } = built.get(endpoint.agent.name)!;
    let answer: Awaited<ReturnType<Transport['handle']>>;
    try {
      server.validateVersion(context.requestedVersion, card, 'JSONRPC');
      answer = await transport.handle(body, context);
    } catch (error) {
      return json(res, 200, { jsonrpc: '2.0', id, error: server.JsonRpcTransportHandler.mapToJSONRPCError(error) });
    }
    if (!(Symbol.asyncIterator in Object(answer))) return json(res, 200, answer);
    const stream = answer as AsyncGenerator<unknown, void, undefined>;
    res.writeHead(200, { ...main.SSE_HEADERS });
    res.flushHeaders();
    // The caller going away ends the stream, not the task (A2A tasks outlive their streams).
    res.once('close', () => void stream.return(undefined).catch(() => undefined));
    try {
      for await (const event of stream) {
        if (res.writableEnded || res.destroyed) break;
        res.write(main.formatSSEEvent(event));
      }
    } catch (error) {
      if (!res.writableEnded) res.write(main.formatSSEErrorEvent({ jsonrpc: '2.0', id, error: server.JsonRpcTransportHandler.mapToJSONRPCError(error) }));
    } finally {
      if (!res.writableEnded) res.end();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = foreign(req.headers);
    if (refused) return refuseForeign(res, refused);
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // A load balancer's probe: counts only (no task, agent or caller), 503 while draining.
    if (pathname === '/healthz' && health && (req.method === 'GET' || req.method === 'HEAD')) {
      const state = health();
      const draining = state.draining || closing !== undefined;
      const body = JSON.stringify({ status: draining ? 'draining' : 'ok', running: state.running, maxConcurrentRuns: state.maxConcurrentRuns, queued: state.queued, maxQueue: state.maxQueue });
      return void res.writeHead(draining ? 503 : 200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body);
    }
    const match = /^\/a2a\/([A-Za-z0-9_-]{1,64})\/?(.well-known\/agent-card\.json)?$/.exec(pathname);
    const isRootCard = pathname === `/${CARD}`;
    const endpoint = isRootCard ? endpoints[0] : match ? byName.get(match[1]!) : undefined;
    if (!endpoint) return rpcError(res, 404, -32000, 'Not found');
    if (isRootCard || match?.[2]) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return rpcError(res, 405, -32000, 'Method not allowed: GET the card', { allow: 'GET' });
      return void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' }).end(req.method === 'HEAD' ? undefined : built.get(endpoint.agent.name)!.json);
    }
    if (req.method !== 'POST') return rpcError(res, 405, -32000, 'Method not allowed: JSON-RPC takes POST', { allow: 'POST' });
    return rpc(endpoint, req, res);
  }

  const http = createServer(SERVER_OPTIONS, (req, res) => {
    handle(req, res).catch(() => rpcError(res, 500, -32603, 'Internal error'));
  });
  applyServerTimeouts(http);
  const port = await new Promise<number>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve((http.address() as AddressInfo).port));
  });
  const shown = host.includes(':') ? `[${host}]` : host;
  base = (options.publicUrl ?? `http://${shown}:${port}`).replace(/\/+$/, '');
  const publicHost = new URL(base).host.toLowerCase();
  const allowedHosts = [...new Set([...defaultHosts(host, port), publicHost, ...(options.allowedHosts ?? [])].map((h) => h.toLowerCase()))];
  foreign = hostOriginCheck({ hosts: allowedHosts, ...(options.allowedOrigins ? { origins: options.allowedOrigins } : {}) });
  for (const endpoint of endpoints) {
    const parts = endpoint.build(agentBase(endpoint.agent.name));
    built.set(endpoint.agent.name, { ...parts, json: JSON.stringify(sdk.main.AgentCard.toJSON(parts.card)) });
  }
  let closing: Promise<void> | undefined;
  return {
    url: base,
    port,
    agentUrls: Object.fromEntries(endpoints.map((e) => [e.agent.name, agentBase(e.agent.name)])),
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeIdleConnections();
        const cut = setTimeout(() => http.closeAllConnections(), 2000);
        cut.unref();
      })),
  };
}

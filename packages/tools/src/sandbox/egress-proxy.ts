import { request as httpRequest, createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Socks5Server, defaultConnectionHandler } from '@pondwader/socks5-server';
import type { HostAllowlist } from './host-allowlist.js';

/** A connection the proxy refused because its host was not in the allowlist. */
export interface ProxyRefusal {
  protocol: 'http' | 'connect' | 'socks5';
  host: string;
  port: number;
}

export interface EgressProxy {
  readonly socketPath: string;
  /** Every refused connection, in order. */
  readonly refusals: readonly ProxyRefusal[];
  /** Hosts it connected to for the command (`host:port`), in order. */
  readonly connections: readonly string[];
  /** Stops listening and cuts every open tunnel. */
  close(): Promise<void>;
}

export interface EgressProxyOptions {
  /** The unix socket to listen on (bridged into the sandbox's network namespace). */
  socketPath: string;
  allowlist: HostAllowlist;
  /** Give up connecting upstream after this long. */
  connectTimeoutMs?: number;
}

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade', 'transfer-encoding']);

function splitHostPort(authority: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const url = new URL(`http://${authority}`);
    if (url.username !== '' || url.pathname !== '/' || url.search !== '') return undefined;
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    return { host, port: url.port === '' ? defaultPort : Number(url.port) };
  } catch {
    return undefined;
  }
}

function refuseText(host: string, port: number): string {
  return `warden sandbox: connection to ${host}:${port} refused (not in the allowed hosts)\n`;
}

/**
 * A filtering egress proxy on a unix socket. One listener speaks HTTP
 * (absolute-form requests and CONNECT tunnels) and SOCKS5 (told apart by the
 * first byte, 0x05); the SOCKS5 protocol is `@pondwader/socks5-server`'s.
 * Every destination is checked against the allowlist by the name the client
 * asked for, and the proxy resolves names itself (`socks5h`), so the command
 * needs no DNS. A refused destination gets 403 (HTTP) or "connection not
 * allowed by ruleset" (SOCKS5) and is recorded in `refusals`.
 */
export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const refusals: ProxyRefusal[] = [];
  const connections: string[] = [];
  const open = new Set<Duplex>();
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const check = (protocol: ProxyRefusal['protocol'], host: string, port: number): boolean => {
    if (options.allowlist.allows(host, port)) {
      connections.push(`${host}:${port}`);
      return true;
    }
    refusals.push({ protocol, host, port });
    return false;
  };

  const http = createHttpServer();
  http.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const target = splitHostPort(req.url ?? '', 443);
    if (target === undefined) {
      client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!check('connect', target.host, target.port)) {
      const body = refuseText(target.host, target.port);
      client.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
      return;
    }
    const upstream = connect({ host: target.host, port: target.port, timeout: timeoutMs });
    track(upstream);
    upstream.once('timeout', () => upstream.destroy(new Error('connect timeout')));
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once('error', () => {
      if (!upstream.readable || upstream.connecting) client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\n\r\n');
      else client.destroy();
    });
    client.once('close', () => upstream.destroy());
  });
  http.on('request', (req: IncomingMessage, res: ServerResponse) => forwardPlainHttp(req, res, check, track, timeoutMs));
  http.on('clientError', (_error, socket: Duplex) => socket.destroy());

  const socks = new Socks5Server();
  socks.setRulesetValidator((conn) => conn.command === 'connect' && check('socks5', conn.destAddress, conn.destPort));
  socks.setConnectionHandler((conn, sendStatus) => {
    const upstream = defaultConnectionHandler(conn, sendStatus);
    if (upstream) track(upstream);
  });

  // node:http reads a socket's handle directly, so bytes already read to tell
  // the protocols apart cannot be handed back to it: HTTP connections are
  // relayed to an HTTP server on a second, private socket instead.
  const httpSocketPath = `${options.socketPath}.http`;
  await listenOn(http, httpSocketPath);
  const server = createNetServer((socket: Socket) => {
    track(socket);
    socket.once('data', (first: Buffer) => {
      if (first[0] === 0x05) {
        socket.pause();
        socket.unshift(first);
        socks._handleConnection(socket);
        return;
      }
      const inner = connect(httpSocketPath);
      track(inner);
      inner.write(first);
      socket.pipe(inner).pipe(socket);
      socket.once('close', () => inner.destroy());
      inner.once('close', () => socket.destroy());
    });
  });
  await listenOn(server, options.socketPath);

  return {
    socketPath: options.socketPath,
    refusals,
    connections,
    async close() {
      const closed = Promise.all([server, http].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
      for (const socket of open) socket.destroy();
      await closed;
    },
  };
}

function listenOn(server: NetServer, socketPath: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function forwardPlainHttp(
  req: IncomingMessage,
  res: ServerResponse,
  check: (protocol: ProxyRefusal['protocol'], host: string, port: number) => boolean,
  track: (socket: Duplex) => void,
  timeoutMs: number,
): void {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end('warden sandbox: this is a proxy; send an absolute http:// URL or CONNECT\n');
    return;
  }
  if (url.protocol !== 'http:') {
    res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' }).end(`warden sandbox: ${url.protocol} URLs go through CONNECT\n`);
    return;
  }
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? 80 : Number(url.port);
  if (!check('http', host, port)) {
    res.writeHead(403, { 'content-type': 'text/plain', connection: 'close' }).end(refuseText(host, port));
    return;
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  headers.connection = 'close';
  const upstream = httpRequest({ host, port, method: req.method, path: `${url.pathname}${url.search}`, headers, agent: false, timeout: timeoutMs });
  upstream.on('socket', (socket) => track(socket));
  upstream.once('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.once('response', (answer) => {
    upstream.setTimeout(0);
    const back: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
    back.connection = 'close';
    res.writeHead(answer.statusCode ?? 502, back);
    answer.pipe(res);
  });
  upstream.once('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', connection: 'close' }).end('warden sandbox: upstream connection failed\n');
    else res.destroy();
  });
  req.pipe(upstream);
}

// A local HTTP server that records what it receives and answers with queued replies: the one fake
// vendor (OpenAI, Anthropic, Gemini wire formats are the tests' own fixtures) the workspace's tests share.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fake key every test uses: recognisable, so a leak is easy to spot. */
export const FAKE_KEY = 'sk-test-FAKEKEY-0123456789abcdefDONOTLEAK';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
  /** The body exactly as it arrived. */
  text: string;
}

export type Reply = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** What a fake platform answers instead of the API (a wrong path, version or credential). */
export interface Refusal {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface VendorServer {
  url: string;
  requests: ReceivedRequest[];
  /** TCP connections accepted so far (a kept-alive connection counts once). */
  readonly connections: number;
  /** Queue replies; each request takes the next one (the last one repeats). */
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<VendorServer> {
  const queue: Reply[] = [];
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep text
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, text });
      const next = queue.length > 1 ? queue.shift() : queue[0];
      if (!next) {
        res.writeHead(500).end('no reply queued');
        return;
      }
      void next(req, res);
    });
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return connections;
    },
    reply: (...replies) => {
      queue.length = 0;
      queue.push(...replies);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export interface SliceOptions {
  chunkBytes?: number;
  cutAfterBytes?: number;
  keepOpen?: boolean;
}

/**
 * Writes `bytes` in slices of `chunkBytes` (cutting wherever the slice ends), a tick apart.
 * `cutAfterBytes` drops the connection once that many bytes are out; `keepOpen` never ends the body.
 */
export async function writeSlices(res: ServerResponse, bytes: Uint8Array, options: SliceOptions = {}): Promise<void> {
  const limit = options.cutAfterBytes ?? bytes.length;
  const step = options.chunkBytes ?? 64;
  for (let i = 0; i < limit; i += step) {
    res.write(bytes.subarray(i, Math.min(i + step, limit)));
    await tick();
  }
  if (options.cutAfterBytes !== undefined) res.socket?.destroy();
  else if (!options.keepOpen) res.end();
}

/** Streams `payload` as SSE through `writeSlices` (cutting lines and UTF-8 characters too). */
export function sse(payload: string, options: SliceOptions & { headers?: Record<string, string> } = {}): Reply {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...options.headers });
    res.flushHeaders();
    await writeSlices(res, Buffer.from(payload, 'utf8'), options);
  };
}

/** Sends headers and part of a body, then resets the connection. */
export function resetMidBody(status = 200): Reply {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': '500' });
    res.write('{"id":"chatcmpl-1","choices":[');
    setImmediate(() => res.socket?.destroy());
  };
}

/** Never answers. */
export function hang(): Reply {
  return () => undefined;
}

/** Builds an SSE payload from `data:` objects (and optional event names). */
export function ssePayload(events: Array<{ event?: string; data: unknown }>): string {
  return events
    .map((e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`)
    .join('');
}

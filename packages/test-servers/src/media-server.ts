// The base of the fake media servers: a node:http server that keeps every request's raw bytes
// (multipart images and audio must arrive exact) and routes each to the fake's handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MediaRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bytes: Buffer;
  /** The body as UTF-8 (for JSON and for scanning for leaked keys). */
  text: string;
}

/** How a fake answers one request; behaviours queue per route, the last one repeats. */
export type MediaBehaviour = 'ok' | 'refuse' | 'quota' | 'busy' | 'html' | 'html200' | 'unauthorized' | 'slow' | 'text-only';

export interface MediaServerBase {
  url: string;
  requests: MediaRequest[];
  close(): Promise<void>;
}

export async function startMediaServer(handle: (req: MediaRequest, res: ServerResponse) => unknown): Promise<MediaServerBase> {
  const requests: MediaRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const request: MediaRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes, text: bytes.toString('utf8') };
      requests.push(request);
      Promise.resolve(handle(request, res)).catch(() => {
        if (!res.headersSent) res.writeHead(500).end('fake server error');
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A queue of behaviours: each call takes the next, the last one repeats. */
export function behaviourQueue(initial: MediaBehaviour[] = ['ok']): { next(): MediaBehaviour; set(list: MediaBehaviour[]): void } {
  let queue = [...initial];
  return {
    next: () => (queue.length > 1 ? queue.shift()! : (queue[0] ?? 'ok')),
    set: (list) => {
      queue = [...list];
    },
  };
}

export const HTML_ERROR_PAGE = '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p><script>var secret="PAGE-INTERNALS";</script></body></html>';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(HTML_ERROR_PAGE);
}

/** The bearer, `Token` or `x-goog-api-key` credential a request carried. */
export function credentialOf(req: MediaRequest): string | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string') return auth.replace(/^(Bearer|Token)\s+/i, '');
  const goog = req.headers['x-goog-api-key'];
  return typeof goog === 'string' ? goog : undefined;
}

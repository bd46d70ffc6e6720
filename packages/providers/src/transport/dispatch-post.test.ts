import { createHash } from 'node:crypto';
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPost, splitUrl } from './dispatch-post.js';

const BIG = Buffer.alloc(16 * 1024 * 1024, 'abcdefghijklmnopqrstuvwxyz');
let server: Server;
let base = '';
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    req.resume();
    req.on('end', () => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(BIG);
      } else if (req.url === '/slow-headers') {
        const timer = setTimeout(() => res.writeHead(200).end('late'), 2000);
        res.on('close', () => clearTimeout(timer));
      } else if (req.url === '/trickle') {
        res.writeHead(200, { 'x-request-id': 'r-1' });
        res.write('first ');
        const timer = setInterval(() => res.write('more '), 20);
        res.on('close', () => clearInterval(timer));
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'r-2' });
        res.end(JSON.stringify({ path: req.url }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

const post = (path: string, signal?: AbortSignal) =>
  dispatchPost(splitUrl(`${base}${path}`), { headers: { 'content-type': 'application/json' }, body: '{}', headersTimeout: 10_000, bodyTimeout: 10_000, ...(signal ? { signal } : {}) });

describe('dispatchPost', () => {
  it('answers status, lower-cased headers and the body, with the query string kept', async () => {
    const res = await post('/plain?alt=sse');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('r-2');
    expect(JSON.parse(await res.body.text())).toEqual({ path: '/plain?alt=sse' });
    expect(res.body.destroyed).toBe(true);
  });

  it('pauses the socket while the consumer does not read, and still delivers every byte', async () => {
    const res = await post('/big');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Without backpressure the whole 16 MB would be queued by now on loopback.
    expect(res.body.queuedBytes).toBeLessThan(4 * 1024 * 1024);
    const hash = createHash('sha256');
    let length = 0;
    for await (const chunk of res.body) {
      hash.update(chunk);
      length += chunk.length;
    }
    expect(length).toBe(BIG.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(BIG).digest('hex'));
  });

  it('rejects at once for a signal that is already aborted, without sending anything', async () => {
    const before = hits;
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(post('/plain', controller.signal)).rejects.toThrow('stop');
    expect(hits).toBe(before);
  });

  it('aborts while waiting for headers and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const pending = post('/slow-headers', controller.signal);
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('aborts in the middle of a body: the reader gets the chunks that came, then the error', async () => {
    const controller = new AbortController();
    const res = await post('/trickle', controller.signal);
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const chunk of res.body) {
        seen.push(chunk.toString());
        if (seen.length === 3) controller.abort(new Error('enough'));
      }
    } catch (error) {
      caught = error;
    }
    expect(seen[0]).toBe('first ');
    expect(caught).toBeDefined();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('leaving a body early aborts that request only; the next call works', async () => {
    const res = await post('/trickle');
    for await (const chunk of res.body) {
      expect(chunk.toString()).toBe('first ');
      break;
    }
    expect(res.body.destroyed).toBe(true);
    const next = await post('/plain');
    expect(JSON.parse(await next.body.text())).toEqual({ path: '/plain' });
  });
});

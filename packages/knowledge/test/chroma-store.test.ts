import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startChromaServer, type ChromaServer } from '@warden/test-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { chromaStore, hashingEmbedder, knowledgeBase, openStore } from '../src/index.js';
import { storeContract } from './store-contract.js';

// A real Chroma server (Rust, from the pinned npm binding) for the whole file, one collection a test.
let server: Promise<ChromaServer> | undefined;
const chroma = async (): Promise<ChromaServer> => (server ??= startChromaServer());
const proxies: Server[] = [];
afterAll(async () => {
  await Promise.all(
    proxies.map((p) => {
      p.closeAllConnections();
      return new Promise((resolve) => p.close(resolve));
    }),
  );
  await (await server)?.close();
}, 30_000);

const KEY = 'chroma-test-KEY-0123456789-DONOTLEAK';

/** A loopback proxy in front of the real server that answers the next `failures` requests itself (status 0: never answers). */
async function flakyProxy(target: string, failures: { status: number; echoKey?: boolean }[]): Promise<{ url: string; seen: string[]; tokens: Set<string | undefined> }> {
  const seen: string[] = [];
  const tokens = new Set<string | undefined>();
  const proxy = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    tokens.add(req.headers['x-chroma-token'] as string | undefined);
    const failure = failures.shift();
    if (failure?.status === 0) return; // never answers: the client's timeout must fire
    if (failure) {
      // A server that echoes the token it was sent back into its error body.
      res.writeHead(failure.status, { 'content-type': 'application/json', ...(failure.status === 429 ? { 'retry-after': '0' } : {}) });
      res.end(JSON.stringify({ error: 'Unavailable', message: failure.echoKey ? `bad token ${String(req.headers['x-chroma-token'])}` : 'busy' }));
      return;
    }
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  proxies.push(proxy);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen, tokens };
}

storeContract('chroma (real server, HTTP API v2)', async () => chromaStore({ url: (await chroma()).url, collection: 'contract', backoffMs: 1 }));

describe('chroma store', () => {
  it('translates a mixed-type $in and refuses string ranges', async () => {
    const kb = knowledgeBase(chromaStore({ url: (await chroma()).url, collection: 'mixed-in' }), { embedder: hashingEmbedder({ dimensions: 16 }) });
    await kb.add({ id: 'a', text: 'int year', metadata: { year: 2021 } });
    await kb.add({ id: 'd', text: 'string year', metadata: { year: '2022' } });
    await kb.add({ id: 'x', text: 'other year', metadata: { year: 2030 } });
    const hits = await kb.search('year', { k: 10, mode: 'vector', filter: { year: { $in: [2021, '2022'] } } });
    expect(hits.map((h) => h.documentId).sort()).toEqual(['a', 'd']);
    await expect(kb.search('year', { filter: { year: { $gt: '2021' } } })).rejects.toMatchObject({ code: 'knowledge.invalid_filter' });
  });

  it('opens from a chroma+http URL and its check proves the server end to end', async () => {
    const { url } = await chroma();
    const store = openStore(`chroma+${url}/from-url`, { env: {} });
    expect(store.kind).toBe('chroma');
    const report = await store.check(32);
    expect(report.ok, report.details.join('\n')).toBe(true);
    expect(report.details[0]).toMatch(/^chroma 1\.\d+\.\d+ at http:\/\/127\.0\.0\.1:\d+, collection from-url$/);
    expect(await store.dimensions()).toBe(32);
    expect(() => openStore(`chroma+http://user:${KEY}@127.0.0.1:1/c`)).toThrow(/no credentials/);
  });

  it('retries 429 and 5xx through to the real server, and sends the key from the environment', async () => {
    const { url } = await chroma();
    const proxy = await flakyProxy(url, [{ status: 503 }, { status: 429 }]);
    const kb = knowledgeBase(chromaStore({ url: proxy.url, collection: 'retried', env: { CHROMA_API_KEY: KEY }, backoffMs: 1 }), { embedder: hashingEmbedder({ dimensions: 16 }) });
    await kb.add({ id: 'r', text: 'retried write' });
    expect((await kb.search('retried', { k: 1 }))[0]!.text).toBe('retried write');
    expect(proxy.seen[0]).toBe(proxy.seen[1]);
    expect(proxy.seen[1]).toBe(proxy.seen[2]);
    expect([...proxy.tokens]).toEqual([KEY]);
  });

  it('retries a request the server never answers (a timeout) and then succeeds', async () => {
    const { url } = await chroma();
    const proxy = await flakyProxy(url, [{ status: 0 }]);
    const store = chromaStore({ url: proxy.url, collection: 'timed-out', timeoutMs: 500, backoffMs: 1 });
    await store.ensure(8);
    expect(await store.dimensions()).toBe(8);
    expect(proxy.seen[0]).toBe(proxy.seen[1]);
  });

  it('gives up with a typed error that never holds the key', async () => {
    const { url } = await chroma();
    const proxy = await flakyProxy(url, Array.from({ length: 5 }, () => ({ status: 503, echoKey: true })));
    const store = chromaStore({ url: proxy.url, collection: 'refused', apiKey: KEY, attempts: 3, backoffMs: 1 });
    const error = (await store.ensure(8).then(() => undefined, (e: unknown) => e)) as Error & { code: string; hint?: string };
    expect(error.code).toBe('knowledge.store_failed');
    expect(error.message).toMatch(/503.*after 3 attempts/);
    expect(JSON.stringify({ m: error.message, h: error.hint })).not.toContain(KEY);
    const refused = proxy.seen.length;
    const denied = await flakyProxy(url, [{ status: 401, echoKey: true }]);
    const wrong = (await chromaStore({ url: denied.url, apiKey: KEY, attempts: 1 }).ensure(8).then(() => undefined, (e: unknown) => e)) as Error & { code: string };
    expect(wrong.code).toBe('knowledge.store_failed');
    expect(wrong.message).toContain('401');
    expect(wrong.message).toContain('[redacted]');
    expect(wrong.message).not.toContain(KEY);
    expect(refused).toBe(3);
  });

  it('refuses a bad collection name before any request', () => {
    expect(() => chromaStore({ url: 'http://127.0.0.1:1', collection: 'x' })).toThrow(/collection name/);
  });
});

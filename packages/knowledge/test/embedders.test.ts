import { FAKE_KEY, startFakeOpenAI, startServer } from '@warden/test-servers';
import { describe, expect, it } from 'vitest';
import { hashingEmbedder, knowledgeBase, openaiEmbedder, sqliteStore } from '../src/index.js';

describe('hashing embedder', () => {
  it('is deterministic, normalised and of its declared size', async () => {
    const embedder = hashingEmbedder({ dimensions: 128 });
    const [a, b, c] = await embedder.embed(['The pump moves water', 'The pump moves water', 'Quarterly tax report']);
    expect(a).toEqual(b);
    expect(a).toHaveLength(128);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 6);
    const dot = (x: number[], y: number[]): number => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(dot(a!, (await embedder.embed(['pumps move the water']))[0]!)).toBeGreaterThan(dot(a!, c!));
    expect(embedder.id).toBe('hashing-v1/128');
    expect(() => hashingEmbedder({ dimensions: 3 })).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }) as Error);
  });
});

describe('OpenAI-compatible embedder through the providers transport', () => {
  it('embeds in batches against the fake server, and a knowledge base searches with it', async () => {
    const server = await startFakeOpenAI([]);
    try {
      const embedder = openaiEmbedder({ model: 'text-embedding-3-small', dimensions: 32, baseUrl: server.url, apiKey: FAKE_KEY, batchSize: 2 });
      const kb = knowledgeBase(sqliteStore({ path: ':memory:' }), { embedder });
      await kb.add({ id: 'a', text: 'The pump moves water.\n\nIt runs at night.\n\nIt is quiet.', title: 'Pump' });
      await kb.add({ id: 'b', text: 'Tax reports are due quarterly.', title: 'Tax' });
      const hits = await kb.search('pump water', { k: 1, mode: 'vector' });
      expect(hits[0]!.documentId).toBe('a');
      expect(server.embeddings.length).toBeGreaterThanOrEqual(2);
      for (const request of server.embeddings) {
        expect(request).toMatchObject({ model: 'text-embedding-3-small', dimensions: 32, encoding_format: 'float' });
        expect((request.input as string[]).length).toBeLessThanOrEqual(2);
      }
      // Unchanged content is not sent again.
      const before = server.embeddings.length;
      expect((await kb.add({ id: 'b', text: 'Tax reports are due quarterly.', title: 'Tax' })).embedded).toBe(false);
      expect(server.embeddings.length).toBe(before);
    } finally {
      await server.close();
    }
  });

  it('checks the vectors against the declared dimensions and the store', async () => {
    const server = await startFakeOpenAI([]);
    try {
      const lying = openaiEmbedder({ model: 'm', dimensions: 32, baseUrl: server.url, apiKey: FAKE_KEY, sendDimensions: false });
      await expect(lying.embed(['x'])).rejects.toMatchObject({ code: 'knowledge.dimension_mismatch' });
      const store = sqliteStore({ path: ':memory:' });
      await knowledgeBase(store, { embedder: openaiEmbedder({ model: 'm', dimensions: 32, baseUrl: server.url, apiKey: FAKE_KEY }) }).add({ id: 'a', text: 'x' });
      const other = knowledgeBase(store, { embedder: openaiEmbedder({ model: 'm', dimensions: 64, baseUrl: server.url, apiKey: FAKE_KEY }) });
      await expect(other.search('x')).rejects.toMatchObject({ code: 'knowledge.dimension_mismatch' });
    } finally {
      await server.close();
    }
  });

  it('retries a 429 and keeps the key out of its errors', async () => {
    const server = await startServer();
    try {
      let calls = 0;
      server.reply((_req, res) => {
        calls += 1;
        if (calls === 1) return void res.writeHead(429, { 'retry-after': '0', 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}');
        return void res.writeHead(401, { 'content-type': 'application/json' }).end(`{"error":{"message":"bad key ${FAKE_KEY}"}}`);
      });
      const embedder = openaiEmbedder({ model: 'm', dimensions: 8, baseUrl: server.url, apiKey: FAKE_KEY, transport: { retry: { baseDelayMs: 1 } } });
      const error = (await embedder.embed(['x']).then(() => undefined, (e: unknown) => e)) as Error & { code: string };
      expect(calls).toBe(2);
      expect(error.code).toBe('knowledge.embedder_failed');
      expect(JSON.stringify({ message: error.message, cause: String((error as { cause?: unknown }).cause) })).not.toContain(FAKE_KEY);
      expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    } finally {
      await server.close();
    }
  });
});

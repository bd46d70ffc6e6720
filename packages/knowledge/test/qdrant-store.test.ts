import { startFakeQdrant, type FakeQdrant } from '@warden/test-servers';
import { afterAll, describe, expect, it } from 'vitest';
import { knowledgeBase, qdrantStore, hashingEmbedder } from '../src/index.js';
import { storeContract } from './store-contract.js';

const KEY = 'qdrant-test-KEY-0123456789-DONOTLEAK';
const servers: FakeQdrant[] = [];
afterAll(async () => Promise.all(servers.map((s) => s.close())));

async function fake(): Promise<FakeQdrant> {
  const server = await startFakeQdrant({ apiKey: KEY });
  servers.push(server);
  return server;
}

storeContract('qdrant (REST)', async () => qdrantStore({ url: (await fake()).url, apiKey: KEY, backoffMs: 1 }));

describe('qdrant transport', () => {
  it('retries 429 and 5xx, then succeeds', async () => {
    const server = await fake();
    const kb = knowledgeBase(qdrantStore({ url: server.url, apiKey: KEY, backoffMs: 1 }), { embedder: hashingEmbedder({ dimensions: 16 }) });
    server.fail(2, 503);
    await kb.add({ id: 'a', text: 'retried write' });
    server.fail(1, 429);
    expect((await kb.search('retried', { k: 1 }))[0]!.text).toBe('retried write');
    expect(server.requests.filter((r) => r.path === '/collections/warden_knowledge').length).toBeGreaterThan(2);
  });

  it('gives up with a typed error that never holds the key', async () => {
    const server = await fake();
    server.fail(10, 503);
    const store = qdrantStore({ url: server.url, apiKey: KEY, attempts: 3, backoffMs: 1 });
    const error = (await store.ensure(8).then(() => undefined, (e: unknown) => e)) as Error & { code: string };
    expect(error.code).toBe('knowledge.store_failed');
    expect(error.message).toMatch(/503.*after 3 attempts/);
    expect(JSON.stringify({ m: error.message, h: (error as { hint?: string }).hint })).not.toContain(KEY);
    const wrongKey = qdrantStore({ url: server.url, apiKey: 'wrong-key-xxxxxxxx', attempts: 1 });
    server.fail(0);
    const refused = (await wrongKey.ensure(8).then(() => undefined, (e: unknown) => e)) as Error & { code: string };
    expect(refused.code).toBe('knowledge.store_failed');
    expect(refused.message).toContain('401');
    expect(refused.message).not.toContain('wrong-key-xxxxxxxx');
  });
});

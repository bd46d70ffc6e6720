import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonObject, normalizeToolOutput, type ToolContext, type ToolV1 } from '@warden/protocol';
import { semanticMemoryTools, UNTRUSTED_FACT_MARK } from '@warden/tools';
import { afterAll, describe, expect, it } from 'vitest';
import { GLOBAL_MEMORY_TENANT, hashingEmbedder, type KnowledgeStore, knowledgeMemory, pgliteStore, sqliteStore } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-kb-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const embedder = hashingEmbedder({ dimensions: 64 });
const ctx = (tainted = false): ToolContext => ({ signal: new AbortController().signal, callId: 'c', runId: 'run-1', tainted, emit: () => undefined });
const text = async (tool: ToolV1, args: JsonObject, tainted = false): Promise<string> => {
  const out = normalizeToolOutput(await tool.execute(args, ctx(tainted)));
  return out.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
};
const byName = (tools: ToolV1[], name: string): ToolV1 => tools.find((t) => t.name === name)!;

const stores: [string, () => KnowledgeStore][] = [
  ['sqlite (one file)', () => sqliteStore({ path: join(dir, 'memory.sqlite') })],
  ['pglite (PostgreSQL + pgvector)', () => pgliteStore()],
];

// PGlite starts a WebAssembly PostgreSQL: slow on a shared machine, so a generous timeout (no timing is asserted).
describe.each(stores)('knowledgeMemory on %s', { timeout: 120_000 }, (_name, open) => {
  const store = open();
  afterAll(() => store.close());
  const memory = knowledgeMemory(store, { embedder });

  it('holds two tenants apart in one store, in the store query (k=1 still finds the own record)', async () => {
    const acme = memory.forTrace({ tenantId: 'acme', userId: 'alice' });
    const globex = memory.forTrace({ tenantId: 'globex', userId: 'alice' });
    await acme.remember({ key: 'currency', fact: 'Alice bills her customers in EUR.', untrusted: false });
    // Many records in the other tenant that match the query better: a filter applied after a
    // top-k search would leave acme's record out; the store's query never sees them.
    for (let i = 0; i < 12; i += 1) await globex.remember({ key: `currency-${i}`, fact: 'What currency do I bill customers in? USD.', untrusted: false });
    const [hit, ...rest] = await acme.recall('What currency do I bill customers in?', { k: 1 });
    expect(rest).toEqual([]);
    expect(hit).toMatchObject({ key: 'currency', fact: 'Alice bills her customers in EUR.', scope: 'user', tenantId: 'acme', userId: 'alice', sessionId: '' });
    const theirs = await globex.recall('EUR', { k: 50 });
    expect(theirs.length).toBe(12);
    expect(theirs.every((r) => r.tenantId === 'globex')).toBe(true);
    // The same user id in the tenant scope sees nothing of the other tenant either.
    await acme.remember({ key: 'policy', fact: 'Refunds within 30 days.', scope: 'tenant', untrusted: false });
    expect(await globex.recall('Refunds within 30 days', { scopes: ['tenant'] })).toEqual([]);
  });

  it('keeps users and sessions apart within a tenant, shares tenant and global records', async () => {
    const shared = knowledgeMemory(store, { embedder, allowGlobalWrites: true });
    const alice = shared.forTrace({ tenantId: 'initech', userId: 'alice', sessionId: 's-1' });
    const aliceLater = shared.forTrace({ tenantId: 'initech', userId: 'alice', sessionId: 's-2' });
    const bob = shared.forTrace({ tenantId: 'initech', userId: 'bob', sessionId: 's-1' });
    const other = shared.forTrace({ tenantId: 'hooli', userId: 'carol' });
    await alice.remember({ key: 'tone', fact: 'Alice prefers short answers.', untrusted: false });
    await alice.remember({ key: 'draft', fact: 'The draft reply is in section three.', scope: 'session', untrusted: false });
    await alice.remember({ key: 'vat', fact: 'Initech invoices carry 20% VAT.', scope: 'tenant', untrusted: false });
    await alice.remember({ key: 'style', fact: 'Answers cite their sources.', scope: 'global', untrusted: false });

    expect((await aliceLater.recall('short answers')).map((r) => r.key)).toContain('tone');
    expect((await aliceLater.recall('draft reply section', { scopes: ['session'] }))).toEqual([]);
    expect((await alice.recall('draft reply section', { scopes: ['session'] })).map((r) => r.key)).toEqual(['draft']);
    expect((await bob.recall('short answers', { scopes: ['user'] }))).toEqual([]);
    expect((await bob.recall('invoices VAT', { scopes: ['tenant'] })).map((r) => r.key)).toEqual(['vat']);
    expect((await other.recall('invoices VAT', { scopes: ['tenant'] }))).toEqual([]);
    const global = await other.recall('cite sources', { scopes: ['global'] });
    expect(global.map((r) => [r.key, r.tenantId])).toEqual([['style', 'initech']]);
    // Without allowGlobalWrites the global scope is read-only, and no trace may name the global tenant.
    await expect(memory.forTrace({ tenantId: 'initech' }).remember({ key: 'x', fact: 'y', scope: 'global', untrusted: false })).rejects.toMatchObject({ code: 'knowledge.invalid_options' });
    expect(() => memory.forTrace({ tenantId: GLOBAL_MEMORY_TENANT })).toThrow(expect.objectContaining({ code: 'knowledge.invalid_options' }));
    await expect(memory.forTrace({ userId: 'dave' }).recall('anything', { scopes: ['session'] })).rejects.toMatchObject({ code: 'knowledge.invalid_options' });
  });

  it('replaces a key, forgets it, and keeps pinned facts through compaction', async () => {
    const erin = memory.forTrace({ tenantId: 'umbrella', userId: 'erin' });
    await erin.remember({ key: 'name', fact: 'Call me Erin.', pinned: true, untrusted: false });
    for (let i = 0; i < 6; i += 1) await erin.remember({ key: `note-${i}`, fact: `Passing note number ${i}.`, untrusted: false });
    await erin.remember({ key: 'note-5', fact: 'Passing note five, replaced.', untrusted: false });
    expect((await erin.recall('Passing note five', { k: 10 })).filter((r) => r.key === 'note-5').map((r) => r.fact)).toEqual(['Passing note five, replaced.']);
    expect(await erin.compact({ keep: 2 })).toBe(4);
    const left = await erin.recall('note Erin', { k: 20, scopes: ['user'] });
    expect(left.map((r) => r.key).sort()).toEqual(['name', 'note-4', 'note-5']);
    expect((await erin.pinned()).map((r) => [r.key, r.pinned])).toEqual([['name', true]]);
    expect(await erin.forget('note-4')).toBe(1);
    expect((await erin.recall('note', { k: 20, scopes: ['user'] })).map((r) => r.key).sort()).toEqual(['name', 'note-5']);
  });

  it('serves memory_remember and recall: untrusted writes are marked, recall by meaning, pinned without a query', async () => {
    const tools = semanticMemoryTools(memory.forTrace({ tenantId: 'stark', userId: 'tony', sessionId: 'sess-9' }));
    const remember = byName(tools, 'memory_remember');
    const recall = byName(tools, 'recall');
    expect(remember.annotations).toMatchObject({ mutating: true });
    expect(recall.annotations).toMatchObject({ readOnly: true });
    expect(await text(remember, { key: 'currency', fact: 'I bill my customers in EUR' })).toBe('Remembered "currency" (user).');
    expect(await text(remember, { key: 'vendor', fact: 'The vendor portal says wire money to account 42', scope: 'session' }, true)).toBe('Remembered "vendor" (session) (marked untrusted: this run had read untrusted content).');
    expect(await text(remember, { key: 'greeting', fact: 'Greet Tony by first name', pinned: true })).toBe('Remembered "greeting" (user, pinned).');
    expect(normalizeToolOutput(await remember.execute({ key: 'k', fact: 'f', scope: 'global' }, ctx())).isError).toBe(true);

    const currency = await text(recall, { query: 'What currency do I bill customers in?', k: 1 });
    expect(currency).toMatch(/^- \[user\] currency \(similarity 0\.\d\d\): I bill my customers in EUR$/);
    const vendor = await text(recall, { query: 'vendor portal wire money', scope: 'session', k: 1 });
    expect(vendor).toContain(`vendor (similarity`);
    expect(vendor).toContain(`${UNTRUSTED_FACT_MARK} The vendor portal says wire money to account 42`);
    expect(await text(recall, {})).toBe(`- [user, pinned] greeting: Greet Tony by first name`);
    // Another user of the tenant recalls nothing of Tony's.
    const pepper = semanticMemoryTools(memory.forTrace({ tenantId: 'stark', userId: 'pepper' }));
    expect(await text(byName(pepper, 'recall'), { query: 'currency customers EUR', scope: 'user' })).toBe('No remembered facts match.');
    // The global scope is shared by every trace of the store (written by another test's memory that allows it).
    expect(await text(byName(pepper, 'recall'), { query: 'cite sources', scope: 'global' })).toContain('[global] style');
  });
});

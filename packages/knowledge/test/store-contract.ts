// One contract every store passes (run by sqlite-store, pglite-store and qdrant-store tests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterClauses, knowledgeBase, matchesClauses, type DocumentInput, type KnowledgeFilter, type KnowledgeStore } from '../src/index.js';

const DOCS: Array<DocumentInput & { metadata: NonNullable<DocumentInput['metadata']> }> = [
  { id: 'a', title: 'Alpha', text: '# Alpha\n\nThe alpha pump moves water.', metadata: { team: 'red', year: 2021, public: true } },
  { id: 'b', title: 'Beta', text: '# Beta\n\nThe beta valve holds pressure.', metadata: { team: 'blue', year: 2023, public: false } },
  { id: 'c', title: 'Gamma', text: '# Gamma\n\nThe gamma sensor reads heat.', metadata: { team: 'red', year: 2024, public: false, code: 'ZX-9' } },
  { id: 'd', title: 'Delta', text: '# Delta\n\nThe delta filter cleans water.', metadata: { team: 'green', year: '2022', public: true } },
];

export function storeContract(name: string, make: () => KnowledgeStore | Promise<KnowledgeStore>): void {
  describe(`store contract: ${name}`, () => {
    let store: KnowledgeStore;
    beforeAll(async () => {
      store = await make();
    }, 60_000);
    afterAll(async () => store?.close());

    it('ensure sets dimensions once and refuses others', async () => {
      expect(await store.dimensions()).toBeUndefined();
      await store.ensure(64);
      await store.ensure(64);
      expect(await store.dimensions()).toBe(64);
      await expect(store.ensure(32)).rejects.toMatchObject({ code: 'knowledge.dimension_mismatch' });
      const kb = knowledgeBase(store, { tenant: 'dims' });
      // The default hashing embedder makes 384: the knowledge base refuses to write into a 64 store.
      await expect(kb.add({ id: 'x', text: 'hello' })).rejects.toMatchObject({ code: 'knowledge.dimension_mismatch' });
    });

    it('finds by vector with cosine scores and by words', async () => {
      const { hashingEmbedder } = await import('../src/index.js');
      const kb = knowledgeBase(store, { embedder: hashingEmbedder({ dimensions: 64 }), tenant: 't1' });
      for (const doc of DOCS) expect((await kb.add(doc)).embedded).toBe(true);
      const vector = await kb.search('gamma sensor heat', { k: 2, mode: 'vector' });
      expect(vector[0]!.documentId).toBe('c');
      expect(vector[0]!.score).toBeGreaterThan(0.3);
      expect(vector[0]!.score).toBeLessThanOrEqual(1.0001);
      expect(vector[0]!.score).toBeGreaterThan(vector[1]!.score);
      const words = await kb.search('valve', { k: 3, mode: 'keyword' });
      expect(words.map((h) => h.documentId)).toEqual(['b']);
      // The same passage has the same cosine whichever way it was found.
      const viaVector = (await kb.search('valve', { k: 4, mode: 'vector' })).find((h) => h.documentId === 'b')!;
      expect(words[0]!.score).toBeCloseTo(viaVector.score, 4);
      expect(words[0]!.headings).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta'].filter((h) => h === 'Beta'));
      expect(words[0]!.source).toBe('b');
    });

    it('translates every filter operator the way the reference semantics read it', async () => {
      const { hashingEmbedder } = await import('../src/index.js');
      const kb = knowledgeBase(store, { embedder: hashingEmbedder({ dimensions: 64 }), tenant: 't1' });
      const filters: KnowledgeFilter[] = [
        { team: 'red' },
        { team: { $in: ['blue', 'green'] } },
        { team: { $ne: 'red' } },
        { year: { $gt: 2021 } },
        { year: { $gte: 2021, $lt: 2024 } },
        { year: { $lte: 2023 } },
        { public: true },
        { public: { $ne: true } },
        { code: 'ZX-9' },
        { code: { $ne: 'ZX-9' } },
        { team: 'red', public: false },
        { year: 2022 },
        { documentId: { $in: ['a', 'd'] } },
        { missing: 'x' },
      ];
      for (const filter of filters) {
        const expected = DOCS.filter((d) => matchesClauses({ ...d.metadata, documentId: d.id }, filterClauses(filter))).map((d) => d.id).sort();
        const vector = (await kb.search('the water pump valve sensor filter', { k: 10, mode: 'vector', filter })).map((h) => h.documentId).sort();
        expect({ filter, ids: vector }).toEqual({ filter, ids: expected });
        const words = (await kb.search('the', { k: 10, mode: 'keyword', filter })).map((h) => h.documentId).sort();
        expect({ filter, ids: words }).toEqual({ filter, ids: expected });
      }
      await expect(kb.search('x', { filter: { team: { $regex: 'r' } } as never })).rejects.toMatchObject({ code: 'knowledge.invalid_filter' });
    });

    it('holds two tenants apart in one store, in the query', async () => {
      const { hashingEmbedder } = await import('../src/index.js');
      const embedder = hashingEmbedder({ dimensions: 64 });
      const acme = knowledgeBase(store, { embedder, tenant: 'acme' });
      const globex = knowledgeBase(store, { embedder, tenant: 'globex' });
      await acme.add({ id: 'plan', text: 'Acme launch plan: the rocket ships in May.', metadata: { tenant: 'acme' } });
      await globex.add({ id: 'plan', text: 'Globex launch plan: the rocket ships in June.', metadata: { tenant: 'globex' } });
      const seen = await acme.search('launch plan rocket ships', { k: 10 });
      expect(seen.map((h) => h.text)).toEqual(['Acme launch plan: the rocket ships in May.']);
      // A filter naming the other tenant cannot reach it: the tenant is a condition of the query itself.
      expect(await acme.search('launch plan', { k: 10, filter: { tenant: 'globex' } })).toEqual([]);
      expect(await acme.search('June', { k: 10, mode: 'keyword' })).toEqual([]);
      // Same document id, two tenants: removing one leaves the other.
      expect(await acme.remove('plan')).toBe(1);
      expect((await globex.search('launch', { k: 10 })).map((h) => h.documentId)).toEqual(['plan']);
    });

    it('replaces by id and skips unchanged content; namespaces are separate', async () => {
      const { hashingEmbedder } = await import('../src/index.js');
      const kb = knowledgeBase(store, { embedder: hashingEmbedder({ dimensions: 64 }), tenant: 't2' });
      expect((await kb.add({ id: 'doc', text: 'first version about turbines' })).embedded).toBe(true);
      expect((await kb.add({ id: 'doc', text: 'first version about turbines' })).embedded).toBe(false);
      expect((await kb.add({ id: 'doc', text: 'second version about windmills' })).embedded).toBe(true);
      const hits = await kb.search('turbines windmills version', { k: 10 });
      expect(hits.map((h) => h.text)).toEqual(['second version about windmills']);
      await kb.add({ id: 'doc', text: 'other namespace turbines', namespace: 'other' });
      expect((await kb.search('turbines', { k: 10, namespace: 'other' })).map((h) => h.text)).toEqual(['other namespace turbines']);
      expect(await store.delete({ tenant: 't2', namespace: 'other' }, [])).toBe(1);
      expect(await kb.search('turbines', { k: 10, namespace: 'other' })).toEqual([]);
    });

    it('check proves the store end to end', async () => {
      const report = await store.check();
      expect(report.ok, report.details.join('\n')).toBe(true);
      expect(report.details.join('\n')).toMatch(/vector query found the probe[\s\S]*keyword query found the probe[\s\S]*delete removed 1/);
    });
  });
}

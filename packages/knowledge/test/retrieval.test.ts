import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knowledgeBase, sqliteStore, type SearchMode } from '../src/index.js';
import { labelledSet } from './labelled-set.js';

// Hybrid search against vector-only on a labelled set; the numbers are the ones the README cites
// (bench/results/retrieval-recall.json). Deterministic (hashing embedder): set WARDEN_UPDATE_RESULTS=1 to rewrite.
const RESULTS = join(import.meta.dirname, '..', 'bench', 'results', 'retrieval-recall.json');

describe('retrieval on a labelled set', () => {
  it('hybrid beats vector-only on exact identifiers (recall@5)', async () => {
    const { docs, queries } = labelledSet();
    const store = sqliteStore({ path: ':memory:' });
    const kb = knowledgeBase(store);
    for (const doc of docs) await kb.add(doc);
    const recall: Record<string, Record<string, number>> = {};
    for (const mode of ['vector', 'keyword', 'hybrid'] as SearchMode[]) {
      for (const kind of ['identifier', 'meaning'] as const) {
        const asked = queries.filter((q) => q.kind === kind);
        let found = 0;
        for (const q of asked) if ((await kb.search(q.query, { k: 5, mode })).some((h) => h.documentId === q.relevant)) found += 1;
        (recall[mode] ??= {})[kind] = Math.round((found / asked.length) * 1000) / 1000;
      }
    }
    await store.close();
    const results = {
      set: `${docs.filter((d) => d.id.startsWith('sheet-')).length} long part sheets and ${docs.filter((d) => d.id.startsWith('bulletin-')).length} short bulletins about look-alike identifiers (test/labelled-set.ts); ${queries.filter((q) => q.kind === 'identifier').length} identifier questions, ${queries.filter((q) => q.kind === 'meaning').length} meaning-only questions`,
      store: 'sqlite (sqlite-vec cosine + FTS5 BM25)',
      embedder: 'hashing-v1/384 (the offline default)',
      metric: 'recall@5',
      recall,
    };
    if (process.env.WARDEN_UPDATE_RESULTS === '1') writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    expect(recall.hybrid!.identifier).toBeGreaterThan(recall.vector!.identifier!);
    expect(recall.hybrid!.identifier).toBeGreaterThanOrEqual(0.9);
    expect(recall.hybrid!.meaning).toBeGreaterThanOrEqual(recall.vector!.meaning! - 0.15);
    expect(JSON.parse(readFileSync(RESULTS, 'utf8'))).toEqual(results);
  }, 60_000);
});

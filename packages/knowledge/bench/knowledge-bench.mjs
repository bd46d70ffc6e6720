#!/usr/bin/env node
// Knowledge store bench: index time for 10,000 passages through a knowledge base (cut, embed with
// the offline hashing embedder, write) and hybrid query latency p50/p99, per store.
// Load: 2,000 documents of 5 paragraphs each (10,000 passages, 384 dimensions), then 200 hybrid
// queries (k=5, one with a metadata filter in four), sequential, one client, on this machine.
// Run after a build: `node bench/knowledge-bench.mjs [sqlite|pglite|qdrant|chroma…]`. Writes bench/results/.
// A smaller trial (nothing written): KB_BENCH_DOCUMENTS=200 KB_BENCH_QUERIES=40 node bench/knowledge-bench.mjs chroma
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startChromaServer, startFakeQdrant } from '@warden/test-servers';
import { chromaStore, knowledgeBase, pgliteStore, qdrantStore, sqliteStore } from '../dist/index.js';

const FULL = { documents: 2000, queries: 200 };
const DOCUMENTS = Number(process.env.KB_BENCH_DOCUMENTS ?? FULL.documents);
const PARAGRAPHS = 5;
const QUERIES = Number(process.env.KB_BENCH_QUERIES ?? FULL.queries);
const SMALL = DOCUMENTS !== FULL.documents || QUERIES !== FULL.queries;
const WORDS = 'pump valve sensor filter bearing seal spindle housing terminal shield torque pressure lubricant gasket rotor stator coupling impeller'.split(' ');

function paragraph(doc, p) {
  const pick = (i) => WORDS[(doc * 7 + p * 13 + i * 5) % WORDS.length];
  // One paragraph is one passage: 700–850 characters: below the 1,200-character cut, and no two fit in one passage.
  const sentence = (i) => `The ${pick(i)} of unit U-${doc}-${p} works with the ${pick(i + 1)} and the ${pick(i + 2)} under load.`;
  return Array.from({ length: 10 }, (_, i) => sentence(i)).join(' ');
}

function documentOf(doc) {
  return { id: `doc-${doc}`, title: `Unit ${doc}`, text: Array.from({ length: PARAGRAPHS }, (_, p) => paragraph(doc, p)).join('\n\n'), metadata: { shard: doc % 4, kind: doc % 2 ? 'pump' : 'valve' } };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function bench(name, make) {
  const { store, done } = await make();
  const kb = knowledgeBase(store, { passages: { maxChars: 1200, overlapChars: 0 } });
  const started = performance.now();
  let passages = 0;
  for (let d = 0; d < DOCUMENTS; d += 1) passages += (await kb.add(documentOf(d))).passages;
  const indexMs = performance.now() - started;
  const times = [];
  for (let q = 0; q < QUERIES; q += 1) {
    const t = performance.now();
    await kb.search(`${WORDS[q % WORDS.length]} U-${q * 9}-2 under load`, { k: 5, ...(q % 4 === 0 ? { filter: { shard: { $in: [0, 1] } } } : {}) });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  await store.close();
  await done();
  const row = { store: name, passages, indexSeconds: Math.round(indexMs / 100) / 10, passagesPerSecond: Math.round(passages / (indexMs / 1000)), queryP50Ms: Math.round(percentile(times, 50) * 10) / 10, queryP99Ms: Math.round(percentile(times, 99) * 10) / 10 };
  process.stdout.write(`${JSON.stringify(row)}\n`);
  return row;
}

const STORES = {
  sqlite: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-kb-bench-'));
    return { store: sqliteStore({ path: join(dir, 'kb.sqlite') }), done: async () => rmSync(dir, { recursive: true, force: true }) };
  },
  pglite: async () => ({ store: pgliteStore(), done: async () => undefined }),
  qdrant: async () => {
    const server = await startFakeQdrant();
    return { store: qdrantStore({ url: server.url }), done: () => server.close() };
  },
  // A real Chroma server (Rust, from the npm binding @warden/test-servers pins) in a child process.
  chroma: async () => {
    const server = await startChromaServer();
    return { store: chromaStore({ url: server.url, collection: 'bench' }), done: () => server.close() };
  },
};

const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(STORES);
const rows = [];
for (const name of chosen) rows.push(await bench(name, STORES[name]));
if (SMALL) {
  process.stdout.write(`small run (${DOCUMENTS} documents, ${QUERIES} queries): nothing written to bench/results\n`);
  process.exit(0);
}

const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
const load = `${DOCUMENTS} documents × ${PARAGRAPHS} paragraphs (one passage each), hashing embedder 384 dims; ${QUERIES} sequential hybrid queries, k=5, a quarter with a $in filter; one client`;
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, shared with other work`;
const notes = 'sqlite: file on disk (WAL), exact cosine scan + FTS5. pglite: PostgreSQL 17 in WebAssembly, in memory, exact <=> scan + GIN tsvector. qdrant: the fake server of @warden/test-servers on loopback (measures the client and the wire, not a real Qdrant). chroma: a real Chroma 1.0 server (Rust, HNSW cosine; keyword search = $contains per rare word + client-side BM25) on loopback.';
mkdirSync(join(import.meta.dirname, 'results'), { recursive: true });
const base = join(import.meta.dirname, 'results', `knowledge-${date}-${sha}`);
writeFileSync(`${base}.json`, `${JSON.stringify({ date, sha, load, machine, notes, rows }, null, 2)}\n`);
const table = ['| store | passages | index (s) | passages/s | query p50 (ms) | query p99 (ms) |', '| --- | --- | --- | --- | --- | --- |', ...rows.map((r) => `| ${r.store} | ${r.passages} | ${r.indexSeconds} | ${r.passagesPerSecond} | ${r.queryP50Ms} | ${r.queryP99Ms} |`)];
writeFileSync(`${base}.md`, `# Knowledge store bench (${date}, ${sha})\n\nLoad: ${load}.\n\nMachine: ${machine}.\n\n${table.join('\n')}\n\n${notes}\n`);
process.stdout.write(`wrote ${base}.json and .md\n`);

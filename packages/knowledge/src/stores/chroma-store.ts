import { createHash } from 'node:crypto';
import { knowledgeError } from '../coded-errors.js';
import { words } from '../tokens.js';
import type { KeywordQuery, KnowledgeStore, StoreCheck, StoredPassage, StoreHit, StoreScope } from '../store-types.js';
import { chromaKeyOf, chromaWhere } from './chroma-filter.js';
import { httpJson } from './http-json.js';
import { probePassage } from './probe.js';

export interface ChromaStoreOptions {
  /** The server (`http://127.0.0.1:8000`); the store speaks Chroma's HTTP API v2 under it. */
  url: string;
  /** The collection (default `warden_knowledge`; 3–63 of letters, digits, `_`, `-`, `.`). */
  collection?: string;
  /** Chroma's own tenant and database (default `CHROMA_TENANT`/`CHROMA_DATABASE`, else `default_tenant`/`default_database`). */
  chromaTenant?: string;
  database?: string;
  /** Default: `CHROMA_API_KEY` from `env`. Sent as `x-chroma-token`; never in an error. */
  apiKey?: string;
  env?: Record<string, string | undefined>;
  /** Retries and timeouts of each request. */
  attempts?: number;
  timeoutMs?: number;
  backoffMs?: number;
}

interface CollectionInfo {
  id: string;
  metadata?: Record<string, unknown> | null;
  dimension?: number | null;
  configuration_json?: { hnsw?: { space?: string } | null } | null;
}

type Meta = Record<string, string | number | boolean>;

const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Rarest query words searched for keyword candidates (each is one request). */
const MAX_TERMS = 8;
/** Matches counted per word for its document frequency: a word past this is common and weighs little anyway. */
const DF_CAP = 2000;
const BATCH = 256;

function recordId(tenant: string, namespace: string, id: string): string {
  return createHash('sha256').update(`${tenant}\u0000${namespace}\u0000${id}`).digest('hex');
}

/** What the full-text condition matches: the passage's lower-cased words, space-separated and space-framed. */
const wordDocument = (text: string): string => ` ${words(text).join(' ')} `;

function passageOf(meta: Meta): StoreHit['passage'] {
  const metadata: StoredPassage['metadata'] = {};
  for (const [key, value] of Object.entries(meta)) if (key.startsWith('m_')) metadata[key.slice(2)] = value;
  return {
    tenant: meta.w_tenant as string,
    namespace: meta.w_namespace as string,
    id: meta.w_id as string,
    documentId: meta.w_document_id as string,
    hash: meta.w_hash as string,
    source: meta.w_source as string,
    title: meta.w_title as string,
    headings: JSON.parse((meta.w_headings as string | undefined) ?? '[]') as string[],
    text: meta.w_text as string,
    metadata,
  };
}

function metaOf(p: StoredPassage): Meta {
  const meta: Meta = { w_tenant: p.tenant, w_namespace: p.namespace, w_id: p.id, w_document_id: p.documentId, w_hash: p.hash, w_source: p.source, w_title: p.title, w_headings: JSON.stringify(p.headings), w_text: p.text };
  for (const [key, value] of Object.entries(p.metadata)) meta[chromaKeyOf(key)] = value;
  return meta;
}

/**
 * Chroma over its HTTP API v2: a cosine HNSW collection, tenant and namespace as conditions of every
 * `where`. Chroma has no ranked full-text search, so keyword search takes each rare word's records
 * (`$contains` on the passage's framed word list) and scores them BM25, as the Qdrant store does.
 */
export function chromaStore(options: ChromaStoreOptions): KnowledgeStore {
  const env = options.env ?? process.env;
  const collection = options.collection ?? 'warden_knowledge';
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{1,61}[A-Za-z0-9]$/.test(collection)) throw knowledgeError('knowledge.invalid_options', 'The Chroma collection name must be 3–63 letters, digits, _, - and ., starting and ending with a letter or digit.');
  const chromaTenant = options.chromaTenant ?? env.CHROMA_TENANT ?? 'default_tenant';
  const database = options.database ?? env.CHROMA_DATABASE ?? 'default_database';
  for (const name of [chromaTenant, database]) if (!/^[A-Za-z0-9_.-]{1,128}$/.test(name)) throw knowledgeError('knowledge.invalid_options', 'The Chroma tenant and database names must be letters, digits, _, - and ..');
  const apiKey = options.apiKey ?? env.CHROMA_API_KEY;
  const call = httpJson(options.url, {
    headers: apiKey ? { 'x-chroma-token': apiKey } : {},
    ...(options.attempts ? { attempts: options.attempts } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  });
  const base = `/api/v2/tenants/${chromaTenant}/databases/${database}/collections`;
  let cachedId: string | undefined;

  const info = async (): Promise<CollectionInfo | undefined> => {
    const answer = await call('GET', `${base}/${collection}`);
    if (answer.status === 404) return undefined;
    const found = answer.body as CollectionInfo;
    cachedId = found.id;
    return found;
  };
  const dimensionsOf = (found: CollectionInfo): number | undefined => {
    const recorded = found.metadata?.warden_dimensions;
    return typeof recorded === 'number' ? recorded : (found.dimension ?? undefined);
  };
  const ok = async (sub: string, body: unknown): Promise<Record<string, unknown>> => {
    const id = cachedId ?? (await info())?.id;
    if (id === undefined) throw knowledgeError('knowledge.store_failed', `Chroma has no collection ${collection}.`, 'Add a document first (the collection is made on first use).');
    const answer = await call('POST', `${base}/${id}/${sub}`, body);
    if (answer.status === 404) {
      cachedId = undefined;
      throw knowledgeError('knowledge.store_failed', `Chroma has no collection ${collection} (any more).`, 'Add a document first (the collection is made on first use).');
    }
    return (answer.body ?? {}) as Record<string, unknown>;
  };
  // A collection seen once is taken to be there (a later 404 says it went, and forgets it).
  const exists = async (): Promise<boolean> => cachedId !== undefined || (await info()) !== undefined;
  const ids = async (where: Record<string, unknown>, whereDocument?: Record<string, unknown>, limit?: number): Promise<string[]> =>
    ((await ok('get', { where, ...(whereDocument ? { where_document: whereDocument } : {}), ...(limit ? { limit } : {}), include: [] })).ids as string[]) ?? [];

  const store: KnowledgeStore = {
    kind: 'chroma',
    remote: true,
    async dimensions() {
      const found = await info();
      return found ? dimensionsOf(found) : undefined;
    },
    async ensure(size) {
      const found = await info();
      if (found) {
        const current = dimensionsOf(found);
        if (current !== undefined && current !== size) throw knowledgeError('knowledge.dimension_mismatch', `The collection ${collection} holds vectors of ${current} dimensions; the embedder makes ${size}.`, 'Use the embedder the store was built with, or another collection.');
        const space = found.configuration_json?.hnsw?.space;
        if (space && space !== 'cosine') throw knowledgeError('knowledge.invalid_options', `The collection ${collection} measures ${space}, not cosine.`, 'Use another collection (the store makes it with cosine).');
        return;
      }
      const created = await call('POST', base, { name: collection, get_or_create: true, metadata: { warden_dimensions: size }, configuration: { hnsw: { space: 'cosine' } } });
      cachedId = (created.body as CollectionInfo).id;
    },
    async upsert(passages) {
      for (let i = 0; i < passages.length; i += BATCH) {
        const batch = passages.slice(i, i + BATCH);
        await ok('upsert', {
          ids: batch.map((p) => recordId(p.tenant, p.namespace, p.id)),
          embeddings: batch.map((p) => p.embedding),
          documents: batch.map((p) => wordDocument(p.text)),
          metadatas: batch.map(metaOf),
        });
      }
    },
    async query(q) {
      const answer = await ok('query', { query_embeddings: [q.vector], n_results: q.k, where: chromaWhere(q, q.clauses), include: ['metadatas', 'distances'] });
      const metas = (answer.metadatas as Meta[][] | null)?.[0] ?? [];
      const distances = (answer.distances as number[][] | null)?.[0] ?? [];
      // Chroma's cosine distance is 1 − cosine similarity.
      return metas.map((meta, i) => ({ passage: passageOf(meta), score: 1 - (distances[i] ?? 1) }));
    },
    async keywordQuery(q: KeywordQuery) {
      const terms = [...new Set(words(q.text))];
      if (terms.length === 0) return [];
      const where = chromaWhere(q, q.clauses);
      const total = (await ids(where)).length;
      if (total === 0) return [];
      const frequencies = await Promise.all(terms.map(async (term) => ({ term, df: (await ids(where, { $contains: ` ${term} ` }, DF_CAP)).length })));
      const useful = frequencies.filter((f) => f.df > 0).sort((a, b) => a.df - b.df).slice(0, MAX_TERMS);
      const found = new Map<string, { meta: Meta; document: string; score: number }>();
      for (const { term } of useful) {
        const answer = await ok('query', { query_embeddings: [q.vector], n_results: q.k, where, where_document: { $contains: ` ${term} ` }, include: ['metadatas', 'documents', 'distances'] });
        const got = (answer.ids as string[][] | null)?.[0] ?? [];
        got.forEach((id, i) => found.set(id, { meta: (answer.metadatas as Meta[][])[0]![i]!, document: (answer.documents as string[][])[0]![i]!, score: 1 - (answer.distances as number[][])[0]![i]! }));
      }
      const idf = new Map(useful.map((f) => [f.term, Math.log(1 + (total - f.df + 0.5) / (f.df + 0.5))]));
      const records = [...found.values()];
      const lengths = records.map((r) => r.document.trim().split(' ').length);
      const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
      const scored = records.map((record, i) => {
        const tf = new Map<string, number>();
        for (const w of record.document.trim().split(' ')) if (idf.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
        let bm25 = 0;
        for (const [term, f] of tf) bm25 += idf.get(term)! * ((f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[i]!) / (average || 1))));
        return { record, bm25 };
      });
      return scored
        .sort((a, b) => b.bm25 - a.bm25)
        .slice(0, q.k)
        .map(({ record }) => ({ passage: passageOf(record.meta), score: record.score }));
    },
    async delete(scope: StoreScope, clauses) {
      if (!(await exists())) return 0;
      const found = await ids(chromaWhere(scope, clauses));
      for (let i = 0; i < found.length; i += BATCH * 4) await ok('delete', { ids: found.slice(i, i + BATCH * 4) });
      return found.length;
    },
    async documentHash(scope, documentId) {
      if (!(await exists())) return undefined;
      const answer = await ok('get', { where: chromaWhere(scope, [{ field: 'documentId', op: 'eq', value: documentId }]), limit: 1, include: ['metadatas'] });
      return (answer.metadatas as Meta[] | null)?.[0]?.w_hash as string | undefined;
    },
    async check(size): Promise<StoreCheck> {
      try {
        const version = (await call('GET', '/api/v2/version')).body;
        return { ok: true, store: 'chroma', details: [`chroma ${typeof version === 'string' ? version : 'unknown'} at ${new URL(options.url).origin}, collection ${collection}`, ...(await probePassage(store, size))] };
      } catch (error) {
        return { ok: false, store: 'chroma', details: [(error as Error).message] };
      }
    },
    close: () => Promise.resolve(),
  };
  return store;
}

import { createHash } from 'node:crypto';
import { knowledgeError } from '../coded-errors.js';
import { words } from '../tokens.js';
import type { KeywordQuery, KnowledgeStore, StoreCheck, StoredPassage, StoreHit, StoreScope, VectorQuery } from '../store-types.js';
import { httpJson } from './http-json.js';
import { probePassage } from './probe.js';
import { qdrantFilter } from './qdrant-filter.js';
import { cosine } from './vector-bytes.js';

export interface QdrantStoreOptions {
  /** The server (`http://127.0.0.1:6333`). */
  url: string;
  /** The collection (default `warden_knowledge`). */
  collection?: string;
  /** Default: `QDRANT_API_KEY` from `env`. Sent as `api-key`; never in an error. */
  apiKey?: string;
  env?: Record<string, string | undefined>;
  /** Retries and timeouts of each request. */
  attempts?: number;
  timeoutMs?: number;
  backoffMs?: number;
}

interface QdrantPoint {
  id: string;
  score?: number;
  payload?: Record<string, unknown>;
  vector?: number[];
}

/** Qdrant point ids are UUIDs or integers: a passage's is the UUID form of a hash of its scope and id. */
function pointId(tenant: string, namespace: string, id: string): string {
  const hex = createHash('sha256').update(`${tenant}\u0000${namespace}\u0000${id}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

function passageOf(payload: Record<string, unknown>): StoreHit['passage'] {
  return {
    tenant: payload.tenant as string,
    namespace: payload.namespace as string,
    id: payload.passage_id as string,
    documentId: payload.document_id as string,
    hash: payload.hash as string,
    source: payload.source as string,
    title: payload.title as string,
    headings: payload.headings as string[],
    text: payload.text as string,
    metadata: (payload.metadata ?? {}) as StoredPassage['metadata'],
  };
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** Rarest query words searched for keyword candidates (each is one request). */
const MAX_TERMS = 8;

/**
 * Qdrant over its REST API: cosine by the collection's distance, tenant and namespace as `must`
 * conditions of every request. Qdrant ranks full-text matches by nothing, so keyword search takes
 * each rare word's matching points and scores them BM25 with document frequencies from `count`.
 */
export function qdrantStore(options: QdrantStoreOptions): KnowledgeStore {
  const collection = options.collection ?? 'warden_knowledge';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(collection)) throw knowledgeError('knowledge.invalid_options', 'The collection name must be letters, digits, _ and -.');
  const apiKey = options.apiKey ?? (options.env ?? process.env).QDRANT_API_KEY;
  const call = httpJson(options.url, {
    headers: apiKey ? { 'api-key': apiKey } : {},
    ...(options.attempts ? { attempts: options.attempts } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.backoffMs !== undefined ? { backoffMs: options.backoffMs } : {}),
  });
  const path = `/collections/${collection}`;
  const ok = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', sub: string, body?: unknown): Promise<Record<string, unknown>> => {
    const answer = await call(method, `${path}${sub}`, body);
    if (answer.status === 404) throw knowledgeError('knowledge.store_failed', `Qdrant has no collection ${collection}.`, 'Add a document first (the collection is made on first use).');
    return (answer.body ?? {}) as Record<string, unknown>;
  };

  const dimensions = async (): Promise<number | undefined> => {
    const answer = await call('GET', path);
    if (answer.status === 404) return undefined;
    const result = (answer.body as { result?: { config?: { params?: { vectors?: { size?: number } } } } }).result;
    return result?.config?.params?.vectors?.size;
  };

  const count = async (filter: Record<string, unknown>): Promise<number> => ((await ok('POST', '/points/count', { filter, exact: true })).result as { count: number }).count;

  const store: KnowledgeStore = {
    kind: 'qdrant',
    remote: true,
    dimensions,
    async ensure(size) {
      const current = await dimensions();
      if (current !== undefined && current !== size) throw knowledgeError('knowledge.dimension_mismatch', `The collection ${collection} holds vectors of ${current} dimensions; the embedder makes ${size}.`, 'Use the embedder the store was built with, or another collection.');
      if (current !== undefined) return;
      await ok('PUT', '', { vectors: { size, distance: 'Cosine' } });
      // Payload indexes: the tenant is a tenant index (Qdrant keeps each tenant's points together).
      await ok('PUT', '/index?wait=true', { field_name: 'tenant', field_schema: { type: 'keyword', is_tenant: true } });
      for (const field of ['namespace', 'document_id']) await ok('PUT', '/index?wait=true', { field_name: field, field_schema: 'keyword' });
      await ok('PUT', '/index?wait=true', { field_name: 'text', field_schema: { type: 'text', tokenizer: 'word', lowercase: true } });
    },
    async upsert(passages) {
      for (let i = 0; i < passages.length; i += 256) {
        const points = passages.slice(i, i + 256).map((p) => ({
          id: pointId(p.tenant, p.namespace, p.id),
          vector: p.embedding,
          payload: { tenant: p.tenant, namespace: p.namespace, passage_id: p.id, document_id: p.documentId, hash: p.hash, source: p.source, title: p.title, headings: p.headings, text: p.text, metadata: p.metadata },
        }));
        await ok('PUT', '/points?wait=true', { points });
      }
    },
    async query(q: VectorQuery) {
      const answer = await ok('POST', '/points/query', { query: q.vector, filter: qdrantFilter(q, q.clauses), limit: q.k, with_payload: true });
      return ((answer.result as { points: QdrantPoint[] }).points ?? []).map((p) => ({ passage: passageOf(p.payload ?? {}), score: p.score ?? 0 }));
    },
    async keywordQuery(q: KeywordQuery) {
      const terms = [...new Set(words(q.text))];
      if (terms.length === 0) return [];
      const total = await count(qdrantFilter(q, q.clauses));
      if (total === 0) return [];
      const frequencies = await Promise.all(terms.map(async (term) => ({ term, df: await count(qdrantFilter(q, q.clauses, [{ key: 'text', match: { text: term } }])) })));
      const useful = frequencies.filter((f) => f.df > 0).sort((a, b) => a.df - b.df).slice(0, MAX_TERMS);
      const found = new Map<string, QdrantPoint>();
      for (const { term } of useful) {
        const answer = await ok('POST', '/points/query', { query: q.vector, filter: qdrantFilter(q, q.clauses, [{ key: 'text', match: { text: term } }]), limit: q.k, with_payload: true, with_vector: true });
        for (const point of (answer.result as { points: QdrantPoint[] }).points ?? []) found.set(String(point.id), point);
      }
      const idf = new Map(useful.map((f) => [f.term, Math.log(1 + (total - f.df + 0.5) / (f.df + 0.5))]));
      const points = [...found.values()];
      const lengths = points.map((p) => words(String(p.payload?.text ?? '')).length);
      const average = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
      const scored = points.map((point, i) => {
        const tf = new Map<string, number>();
        for (const w of words(String(point.payload?.text ?? ''))) if (idf.has(w)) tf.set(w, (tf.get(w) ?? 0) + 1);
        let bm25 = 0;
        for (const [term, f] of tf) bm25 += idf.get(term)! * ((f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[i]!) / (average || 1))));
        return { point, bm25 };
      });
      return scored
        .sort((a, b) => b.bm25 - a.bm25)
        .slice(0, q.k)
        .map(({ point }) => ({ passage: passageOf(point.payload ?? {}), score: point.score ?? cosine(point.vector ?? [], q.vector) }));
    },
    async delete(scope: StoreScope, clauses) {
      if ((await dimensions()) === undefined) return 0;
      const filter = qdrantFilter(scope, clauses);
      const n = await count(filter);
      if (n > 0) await ok('POST', '/points/delete?wait=true', { filter });
      return n;
    },
    async documentHash(scope, documentId) {
      if ((await dimensions()) === undefined) return undefined;
      const answer = await ok('POST', '/points/scroll', { filter: qdrantFilter(scope, [{ field: 'documentId', op: 'eq', value: documentId }]), limit: 1, with_payload: ['hash'] });
      return (answer.result as { points: QdrantPoint[] }).points[0]?.payload?.hash as string | undefined;
    },
    async check(size): Promise<StoreCheck> {
      try {
        const root = await call('GET', '/');
        const version = (root.body as { version?: string } | undefined)?.version ?? 'unknown';
        return { ok: true, store: 'qdrant', details: [`qdrant ${version} at ${new URL(options.url).origin}, collection ${collection}`, ...(await probePassage(store, size))] };
      } catch (error) {
        return { ok: false, store: 'qdrant', details: [(error as Error).message] };
      }
    },
    close: () => Promise.resolve(),
  };
  return store;
}

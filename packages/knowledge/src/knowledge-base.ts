import { basename } from 'node:path';
import type { ToolV1 } from '@warden/protocol';
import { readFile } from 'node:fs/promises';
import { knowledgeError } from './coded-errors.js';
import { contentHash } from './content-hash.js';
import type { Embedder } from './embedder.js';
import { filterClauses, type KnowledgeFilter } from './filter.js';
import { hashingEmbedder } from './hashing-embedder.js';
import { cutPassages, type PassageOptions } from './passages.js';
import { fuseRankings } from './rank-fusion.js';
import { knowledgeTool, type KnowledgeToolOptions } from './knowledge-tool.js';
import type { KnowledgeStore, Metadata, StoreHit, StoredPassage } from './store-types.js';

export interface KnowledgeBaseOptions {
  /** Default: the offline hashing embedder. */
  embedder?: Embedder;
  /** The tenant every read and write is held to, in the store's query (default `default`). */
  tenant?: string;
  /** The namespace `add` and `search` use when they name none (default `default`). */
  namespace?: string;
  passages?: PassageOptions;
  /** Reorders the fused candidates (a cross-encoder, a vendor reranker); it may drop some too. */
  rerank?: (query: string, hits: readonly SearchHit[]) => readonly SearchHit[] | Promise<readonly SearchHit[]>;
}

export interface DocumentInput {
  /** Stable id: adding the same id again replaces the document. */
  id: string;
  text: string;
  title?: string;
  /** Where it came from, for citations (default: the id). */
  source?: string;
  metadata?: Metadata;
  namespace?: string;
}

export interface AddResult {
  documentId: string;
  passages: number;
  /** False when the content hash was unchanged (nothing was embedded or written). */
  embedded: boolean;
}

export type SearchMode = 'hybrid' | 'vector' | 'keyword';

export interface SearchOptions {
  /** How many passages (default 5). */
  k?: number;
  filter?: KnowledgeFilter;
  /** Drop passages whose cosine to the query is below this. */
  minScore?: number;
  namespace?: string;
  /** `hybrid` (default): vector and keyword candidates fused; the others for comparison. */
  mode?: SearchMode;
  signal?: AbortSignal;
}

/** A passage found, with where it came from (for citations) and its cosine to the query. */
export interface SearchHit {
  id: string;
  documentId: string;
  title: string;
  source: string;
  headings: string[];
  text: string;
  metadata: Metadata;
  /** Cosine similarity to the query (-1..1), the same measure on every store. */
  score: number;
}

export interface KnowledgeBase {
  readonly store: KnowledgeStore;
  readonly embedder: Embedder;
  readonly tenant: string;
  add(document: DocumentInput, signal?: AbortSignal): Promise<AddResult>;
  /** Reads a UTF-8 file (Markdown or text) and adds it; id and source default to the path (source to the id when one is given). */
  addFile(path: string, options?: { id?: string; source?: string; metadata?: Metadata; namespace?: string }): Promise<AddResult>;
  remove(documentId: string, namespace?: string): Promise<number>;
  search(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /** The knowledge base as an agent's read-only search tool (results are untrusted content). */
  asTool(options?: KnowledgeToolOptions): ToolV1;
}

/** Candidates fetched per side for each passage asked: fusion needs more than it returns. */
const CANDIDATE_FACTOR = 4;
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,127}$/;

function hitOf(hit: StoreHit): SearchHit {
  const p = hit.passage;
  return { id: p.id, documentId: p.documentId, title: p.title, source: p.source, headings: p.headings, text: p.text, metadata: p.metadata, score: hit.score };
}

/**
 * A knowledge base over one store: documents cut into headed passages, embedded in batches,
 * searched by meaning and shared words. Every call is held to the knowledge base's tenant.
 */
export function knowledgeBase(store: KnowledgeStore, options: KnowledgeBaseOptions = {}): KnowledgeBase {
  const embedder = options.embedder ?? hashingEmbedder();
  const tenant = options.tenant ?? 'default';
  const defaultNamespace = options.namespace ?? 'default';
  for (const [what, value] of [['tenant', tenant], ['namespace', defaultNamespace]] as const) {
    if (!NAME.test(value)) throw knowledgeError('knowledge.invalid_options', `The ${what} "${value.slice(0, 40)}" is not a plain name.`);
  }
  let ensured: Promise<void> | undefined;
  const ready = (): Promise<void> => (ensured ??= store.ensure(embedder.dimensions).catch((error: unknown) => {
    ensured = undefined;
    throw error;
  }));

  const embedAll = async (texts: readonly string[], signal?: AbortSignal): Promise<number[][]> => {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += embedder.batchSize) {
      const batch = texts.slice(i, i + embedder.batchSize);
      const vectors = await embedder.embed(batch, signal);
      if (vectors.length !== batch.length) throw knowledgeError('knowledge.embedder_failed', `${embedder.id} answered ${vectors.length} vectors for ${batch.length} texts.`);
      for (const v of vectors) {
        if (v.length !== embedder.dimensions) throw knowledgeError('knowledge.dimension_mismatch', `${embedder.id} answered a vector of ${v.length} dimensions; it declares ${embedder.dimensions}.`);
      }
      out.push(...vectors);
    }
    return out;
  };

  const add = async (document: DocumentInput, signal?: AbortSignal): Promise<AddResult> => {
    if (!document.id || typeof document.text !== 'string') throw knowledgeError('knowledge.invalid_options', 'A document needs an id and text.');
    await ready();
    const scope = { tenant, namespace: document.namespace ?? defaultNamespace };
    const title = document.title ?? document.id;
    const metadata = document.metadata ?? {};
    // The hash covers everything a passage stores, so a changed title or metadata is written again.
    const hash = contentHash(embedder.id, title, document.source ?? document.id, JSON.stringify(metadata), document.text);
    if ((await store.documentHash(scope, document.id)) === hash) return { documentId: document.id, passages: 0, embedded: false };
    const cut = cutPassages(document.text, options.passages);
    // Each passage is embedded with its title and headings: a heading's words find its passages.
    const vectors = await embedAll(cut.map((p) => [title, ...p.headings, p.text].join('\n')), signal);
    const passages: StoredPassage[] = cut.map((p, n) => ({
      ...scope,
      id: `${document.id}#${n}`,
      documentId: document.id,
      hash,
      source: document.source ?? document.id,
      title,
      headings: p.headings,
      text: p.text,
      metadata,
      embedding: vectors[n]!,
    }));
    await store.delete(scope, [{ field: 'documentId', op: 'eq', value: document.id }]);
    await store.upsert(passages);
    return { documentId: document.id, passages: passages.length, embedded: true };
  };

  const kb: KnowledgeBase = {
    store,
    embedder,
    tenant,
    add,
    asTool: (toolOptions) => knowledgeTool(kb, toolOptions),
    async addFile(path, fileOptions = {}) {
      const text = await readFile(path, 'utf8');
      const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
      return add({ id: fileOptions.id ?? path, text, title: heading ?? basename(path), source: fileOptions.source ?? fileOptions.id ?? path, ...(fileOptions.metadata ? { metadata: fileOptions.metadata } : {}), ...(fileOptions.namespace ? { namespace: fileOptions.namespace } : {}) });
    },
    async remove(documentId, namespace) {
      await ready();
      return store.delete({ tenant, namespace: namespace ?? defaultNamespace }, [{ field: 'documentId', op: 'eq', value: documentId }]);
    },
    async search(query, searchOptions = {}) {
      const k = searchOptions.k ?? 5;
      if (!Number.isInteger(k) || k < 1 || k > 100) throw knowledgeError('knowledge.invalid_options', 'k must be an integer from 1 to 100.');
      const clauses = filterClauses(searchOptions.filter);
      await ready();
      const [vector] = await embedAll([query], searchOptions.signal);
      const base = { tenant, namespace: searchOptions.namespace ?? defaultNamespace, vector: vector!, k: k * CANDIDATE_FACTOR, clauses };
      const mode = searchOptions.mode ?? 'hybrid';
      const byVector = mode === 'keyword' ? [] : await store.query(base);
      const byWords = mode === 'vector' ? [] : await store.keywordQuery({ ...base, text: query });
      let hits = fuseRankings([byVector, byWords]).map(hitOf);
      if (searchOptions.minScore !== undefined) hits = hits.filter((h) => h.score >= searchOptions.minScore!);
      if (options.rerank) hits = [...(await options.rerank(query, hits))];
      return hits.slice(0, k);
    },
  };
  return kb;
}

import type { FilterClause } from './filter.js';

/** Metadata values a document carries (what filters compare). */
export type Metadata = Record<string, string | number | boolean>;

/** Where a passage lives: every read and write is held to one tenant and one namespace in the store's own query. */
export interface StoreScope {
  tenant: string;
  namespace: string;
}

/** One passage as a store keeps it. */
export interface StoredPassage extends StoreScope {
  /** Unique per tenant and namespace: `<documentId>#<n>`. */
  id: string;
  documentId: string;
  /** The document's content hash (sha-256 of its text): an unchanged document is not embedded again. */
  hash: string;
  /** Where the document came from (a path, a URL or the id), for citations. */
  source: string;
  title: string;
  /** The headings the passage sits under, outermost first. */
  headings: string[];
  text: string;
  metadata: Metadata;
  embedding: number[];
}

/** A passage a store found, with its cosine similarity to the query vector (-1..1). */
export interface StoreHit {
  passage: Omit<StoredPassage, 'embedding'>;
  /** Cosine similarity, the same measure on every store. */
  score: number;
}

export interface VectorQuery extends StoreScope {
  vector: number[];
  k: number;
  clauses: FilterClause[];
}

export interface KeywordQuery extends VectorQuery {
  /** The query's words; the store ranks by its own full-text engine (BM25 where it has one). */
  text: string;
}

export interface StoreCheck {
  ok: boolean;
  store: string;
  /** What was proved or what failed, one line each. */
  details: string[];
}

/**
 * What every store implements (one contract suite runs on each). Tenant and namespace are
 * conditions of the store's own query, never a filter applied to results afterwards.
 */
export interface KnowledgeStore {
  /** `sqlite`, `pglite`, `postgres`, `qdrant`. */
  readonly kind: string;
  /** True when the store is reached over the network (its search tool declares `egress`). */
  readonly remote: boolean;
  /** Creates what is missing for vectors of `dimensions`; refuses a store made for other dimensions. */
  ensure(dimensions: number): Promise<void>;
  /** The dimensions the store was created for (undefined before the first `ensure`). */
  dimensions(): Promise<number | undefined>;
  upsert(passages: readonly StoredPassage[]): Promise<void>;
  /** Nearest passages by cosine. */
  query(query: VectorQuery): Promise<StoreHit[]>;
  /** Passages sharing the query's words, best first, each with its cosine to `vector`. */
  keywordQuery(query: KeywordQuery): Promise<StoreHit[]>;
  /** Deletes the scope's passages matching the clauses (all of the scope's for none); returns how many. */
  delete(scope: StoreScope, clauses: readonly FilterClause[]): Promise<number>;
  /** The stored content hash of a document, when it is there. */
  documentHash(scope: StoreScope, documentId: string): Promise<string | undefined>;
  /**
   * Proves the store works end to end (write, find by vector and by word, delete a probe in a tenant
   * of its own) and says what it found. A store not yet created is made for `dimensions` (default 384).
   */
  check(dimensions?: number): Promise<StoreCheck>;
  close(): Promise<void>;
}

/**
 * Semantic memory's contract (seed 003, "Memory — four scopes"): what `@warden/tools`' memory tools
 * call and what a store adapter (`@warden/knowledge`'s `knowledgeMemory`) implements, so the tools
 * never depend on a vector store.
 */

/**
 * Whose a record is. `user` (the default): the person, across sessions; `session`: one session of
 * that person; `tenant`: everyone of the tenant; `global`: every tenant of the store.
 */
export type MemoryScope = 'user' | 'session' | 'tenant' | 'global';

/** Who a memory belongs to: every record is stamped with it, every query held to it. */
export interface MemoryTrace {
  tenantId?: string;
  userId?: string;
  sessionId?: string;
}

/** What `remember` is given. */
export interface MemoryWrite {
  /** A short name; the same key in the same scope replaces the fact. */
  key: string;
  fact: string;
  /** Default `user`. */
  scope?: MemoryScope;
  /** Written by a run that had read untrusted content: recalling it taints the reader. */
  untrusted: boolean;
  /** Pinned facts survive compaction. */
  pinned?: boolean;
  runId?: string;
}

/** A stored record, stamped with its trace. */
export interface MemoryRecord {
  key: string;
  fact: string;
  scope: MemoryScope;
  untrusted: boolean;
  pinned: boolean;
  /** ISO time it was written. */
  at: string;
  tenantId: string;
  userId: string;
  sessionId: string;
  runId?: string;
}

/** A recalled record with its similarity to the query (cosine, -1..1). */
export interface MemoryHit extends MemoryRecord {
  score: number;
}

export interface MemoryRecallOptions {
  /** The scopes searched (default: every scope the trace can read). */
  scopes?: readonly MemoryScope[];
  /** How many records (default 5). */
  k?: number;
}

/**
 * A semantic memory bound to one trace. Each scope's query is held to the trace in the store's own
 * query (tenant, user, session), never filtered afterwards.
 */
export interface SemanticMemory {
  readonly trace: Readonly<MemoryTrace>;
  /** The scopes `remember` accepts (global only when the memory was opened to write it). */
  readonly writableScopes: readonly MemoryScope[];
  remember(write: MemoryWrite): Promise<MemoryRecord>;
  recall(query: string, options?: MemoryRecallOptions): Promise<MemoryHit[]>;
  /** Removes the key from a scope (default `user`); returns how many records went. */
  forget(key: string, scope?: MemoryScope): Promise<number>;
  /** The pinned records the trace can read (what survives compaction). */
  pinned(): Promise<MemoryRecord[]>;
  /** Keeps the newest `keep` unpinned records of a scope (default `user`) and every pinned one; returns how many went. */
  compact(options: { keep: number; scope?: MemoryScope }): Promise<number>;
  /** The same memory (store, embedder, index) for another trace. */
  forTrace(trace: MemoryTrace): SemanticMemory;
}

import type { GuardedRequest, GuardedResponse } from './guarded-http.js';

/** How recent results must be. */
export type SearchRecency = 'day' | 'week' | 'month' | 'year';

/** What the model may ask of a search (everything else is decided by the operator). */
export interface SearchQuery {
  query: string;
  /** How many results (1–20, default 8). */
  limit?: number;
  recency?: SearchRecency;
  /** Only these domains: narrows the operator's policy, never widens it. */
  domains?: readonly string[];
}

/** One result, cleaned: no markup, no tracking parameters, a cut snippet. */
export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  /** Publication date as the engine gave it (ISO when it gave one). */
  date?: string;
  /** The engine that found it. */
  engine: string;
}

/** What an engine gets to do its one request: the guarded HTTP client (policy, deadline, size) and the abort signal. */
export interface EngineContext {
  request(request: GuardedRequest): Promise<GuardedResponse>;
  signal: AbortSignal;
}

/**
 * A search engine: a name and one search. Throw `engineFailure` (or any error) on failure; return
 * `[]` when the engine found nothing. Keys stay inside the engine: list them in `secrets` so every
 * error message that passes through the search is scrubbed of them.
 */
export interface SearchEngine {
  readonly name: string;
  /** Values that must never appear in a message (engine keys). */
  readonly secrets?: readonly string[];
  /** The origins the engine calls (operator configuration, so private addresses are allowed for them). */
  readonly origins: readonly string[];
  search(query: SearchQuery, ctx: EngineContext): Promise<SearchResult[]>;
}

/** How one engine's turn went, for the outcome and the error message. */
export interface EngineAttempt {
  engine: string;
  outcome: 'ok' | 'empty' | 'failed' | 'breaker_open' | 'skipped';
  /** Why it failed, in words (no key). */
  reason?: string;
  /** HTTP attempts made (retries included). */
  tries: number;
}

export interface SearchOutcome {
  results: SearchResult[];
  /** The engine whose results these are. */
  engine: string;
  attempts: EngineAttempt[];
  /** True when answered from the cache (or a search already in flight). */
  cached: boolean;
  /** Results the domain policy removed. */
  removed: number;
}

import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { addressPolicy, domainMatches, type AddressPolicy } from './address-policy.js';
import { circuitBreaker, type BreakerOptions, type CircuitBreaker } from './circuit-breaker.js';
import { webError } from './coded-errors.js';
import { isEngineFailure } from './engine-failure.js';
import { guardedRequest } from './guarded-http.js';
import { cleanResults } from './result-cleaning.js';
import { duckDuckGoEngine } from './search-engines.js';
import type { EngineAttempt, SearchEngine, SearchOutcome, SearchQuery, SearchResult } from './search-types.js';
import { scrubSecrets } from './scrub-secrets.js';
import { ttlCache } from './ttl-cache.js';

/** Decided by the operator, never by the model. */
export interface WebSearchOptions {
  /** Engines asked in order (default: DuckDuckGo's keyless HTML endpoint). */
  engines?: readonly SearchEngine[];
  /** Retries per engine after the first try (default 2), with back-off from `backoffMs` (default 250) and Retry-After up to `maxRetryAfterMs` (default 10 s). */
  retries?: number;
  backoffMs?: number;
  maxRetryAfterMs?: number;
  /** Go to the next engine when one finds nothing (default true). */
  fallbackOnEmpty?: boolean;
  /** The breaker per engine (default 3 failures, 60 s cool-down, one probe). */
  breaker?: BreakerOptions;
  /** Deadline per engine request (default 8 s) and for the whole search (default 20 s). */
  requestTimeoutMs?: number;
  searchTimeoutMs?: number;
  /** Results are kept only on these domains / never on these, whatever the engine did. */
  allowedDomains?: readonly string[];
  blockedDomains?: readonly string[];
  /** How long identical searches are answered from memory (default 5 minutes; 0 turns it off). */
  cacheTtlMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** Sleeps between retries (tests). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface WebSearch {
  search(query: SearchQuery, signal?: AbortSignal): Promise<SearchOutcome>;
  /** The breaker state of each engine, by name. */
  breakers(): Record<string, ReturnType<CircuitBreaker['state']>>;
  readonly engines: readonly string[];
}

const KEYS = {
  engines: true, retries: true, backoffMs: true, maxRetryAfterMs: true, fallbackOnEmpty: true, breaker: true, requestTimeoutMs: true,
  searchTimeoutMs: true, allowedDomains: true, blockedDomains: true, cacheTtlMs: true, now: true, sleep: true,
} satisfies OptionKeys<WebSearchOptions>;

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }, { once: true });
  });
}

/**
 * Web search over several engines, asked in order: retries with back-off (never on refused keys or
 * quotas), a breaker per engine, fallback to the next one on failure or no results, per-request and
 * whole-search deadlines, cleaned and de-duplicated results, the domain policy applied to results
 * whatever the engine did, and a TTL cache with in-flight de-duplication. Errors name each engine
 * and why — never a key.
 */
export function webSearch(options: WebSearchOptions = {}): WebSearch {
  const o = strictOptions('webSearch', KEYS, options);
  const engines = o.engines && o.engines.length > 0 ? [...o.engines] : [duckDuckGoEngine()];
  const names = new Set<string>();
  for (const engine of engines) {
    if (names.has(engine.name)) throw webError('web.invalid_options', `webSearch: two engines are named ${engine.name}`);
    names.add(engine.name);
  }
  const now = o.now ?? Date.now;
  const sleep = o.sleep ?? defaultSleep;
  const retries = o.retries ?? 2;
  const backoff = o.backoffMs ?? 250;
  const maxRetryAfter = o.maxRetryAfterMs ?? 10_000;
  const secrets = engines.flatMap((e) => e.secrets ?? []);
  const breakers = new Map(engines.map((e) => [e.name, circuitBreaker(o.breaker, now)]));
  // Engines are the operator's configuration: their own origins may be private (a SearXNG on the LAN).
  const policies = new Map<string, AddressPolicy>(engines.map((e) => [e.name, addressPolicy({ allowHosts: e.origins.map((origin) => origin) })]));
  const cache = ttlCache<SearchOutcome>(o.cacheTtlMs ?? 300_000, 256, now);
  const allowed = o.allowedDomains ?? [];
  const blocked = o.blockedDomains ?? [];

  async function ask(engine: SearchEngine, query: SearchQuery, signal: AbortSignal): Promise<{ results: SearchResult[]; tries: number }> {
    const policy = policies.get(engine.name)!;
    let tries = 0;
    for (;;) {
      tries += 1;
      try {
        const results = await engine.search(query, {
          signal,
          request: (request) => guardedRequest(policy, { ...request, timeoutMs: Math.min(request.timeoutMs ?? Infinity, o.requestTimeoutMs ?? 8_000), signal }),
        });
        return { results, tries };
      } catch (error) {
        const failure = isEngineFailure(error) ? error : undefined;
        const retryable = failure ? failure.retryable : !signal.aborted;
        const wait = failure?.retryAfterS !== undefined ? failure.retryAfterS * 1000 : backoff * 2 ** (tries - 1);
        // A wait longer than the budget is a quota, not a hiccup: no retry.
        if (!retryable || tries > retries || wait > maxRetryAfter || signal.aborted) throw Object.assign(new Error(reasonOf(error)), { tries });
        await sleep(wait, signal);
      }
    }
  }

  function reasonOf(error: unknown): string {
    if (isEngineFailure(error)) return error.reason;
    if (error instanceof Error) return error.message;
    return String(error);
  }

  function keep(query: SearchQuery): (host: string) => boolean {
    const narrowed = query.domains ?? [];
    return (host) => {
      if (blocked.some((d) => domainMatches(host, d))) return false;
      if (allowed.length > 0 && !allowed.some((d) => domainMatches(host, d))) return false;
      return narrowed.length === 0 || narrowed.some((d) => domainMatches(host, d));
    };
  }

  async function run(query: SearchQuery, outer: AbortSignal | undefined): Promise<SearchOutcome> {
    const deadline = AbortSignal.timeout(o.searchTimeoutMs ?? 20_000);
    const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
    const attempts: EngineAttempt[] = [];
    let lastEmpty: { engine: string; removed: number } | undefined;
    for (const engine of engines) {
      if (signal.aborted) {
        attempts.push({ engine: engine.name, outcome: 'skipped', reason: 'the search deadline passed', tries: 0 });
        continue;
      }
      const breaker = breakers.get(engine.name)!;
      if (!breaker.tryAcquire()) {
        attempts.push({ engine: engine.name, outcome: 'breaker_open', reason: 'breaker open after repeated failures', tries: 0 });
        continue;
      }
      try {
        const { results, tries } = await ask(engine, query, signal);
        breaker.success();
        const cleaned = cleanResults(results, keep(query));
        const limited = cleaned.results.slice(0, Math.min(20, Math.max(1, query.limit ?? 8)));
        if (limited.length === 0) {
          attempts.push({ engine: engine.name, outcome: 'empty', tries, ...(cleaned.removed > 0 ? { reason: `${cleaned.removed} results outside the domain policy` } : {}) });
          lastEmpty = { engine: engine.name, removed: cleaned.removed };
          if (o.fallbackOnEmpty === false) return { results: [], engine: engine.name, attempts, cached: false, removed: cleaned.removed };
          continue;
        }
        attempts.push({ engine: engine.name, outcome: 'ok', tries });
        return { results: limited, engine: engine.name, attempts, cached: false, removed: cleaned.removed };
      } catch (error) {
        breaker.failure();
        const tries = (error as { tries?: number }).tries ?? 1;
        const reason = signal.aborted && deadline.aborted ? 'the search deadline passed' : reasonOf(error);
        attempts.push({ engine: engine.name, outcome: 'failed', reason: scrubSecrets(reason, secrets), tries });
      }
    }
    if (lastEmpty) return { results: [], engine: lastEmpty.engine, attempts, cached: false, removed: lastEmpty.removed };
    const summary = attempts.map((a) => `${a.engine}: ${a.reason ?? a.outcome}${a.tries > 1 ? ` after ${a.tries} tries` : ''}`).join('; ');
    throw webError(deadline.aborted ? 'web.timeout' : 'web.search_failed', scrubSecrets(`every search engine failed — ${summary}`, secrets), 'Check the engines\' keys and quotas, or add another engine.');
  }

  return {
    engines: engines.map((e) => e.name),
    breakers: () => Object.fromEntries([...breakers].map(([name, b]) => [name, b.state()])),
    async search(query, signal) {
      const key = JSON.stringify([query.query.trim().toLowerCase(), query.limit ?? 8, query.recency ?? '', [...(query.domains ?? [])].sort()]);
      const { value, cached } = await cache.get(key, () => run(query, signal));
      return cached ? { ...value, cached: true } : value;
    },
  };
}

import { parseHTML } from 'linkedom';
import { engineFailure, statusFailure } from './engine-failure.js';
import type { GuardedResponse } from './guarded-http.js';
import type { EngineContext, SearchEngine, SearchQuery, SearchRecency, SearchResult } from './search-types.js';

// The engines Warden speaks, each on its vendor's documented wire format. Keys are the operator's:
// they go into a header (or Google's query string) and nowhere else; `secrets` lists them so the
// search scrubs every message that passes through it.

const ENGINE_TIMEOUT_MS = 8_000;

function jsonOf(response: GuardedResponse): unknown {
  const failure = statusFailure(response);
  if (failure) throw failure;
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    throw engineFailure('the answer is not JSON', true);
  }
}

function limitOf(query: SearchQuery): number {
  return Math.min(20, Math.max(1, query.limit ?? 8));
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
}

function result(engine: string, title: unknown, url: unknown, snippet: unknown, date?: unknown): SearchResult | undefined {
  const u = str(url);
  if (u === undefined) return undefined;
  const d = str(date);
  return { engine, title: str(title) ?? u, url: u, snippet: str(snippet) ?? '', ...(d !== undefined ? { date: d } : {}) };
}

function defined<T>(values: Array<T | undefined>): T[] {
  return values.filter((v): v is T => v !== undefined);
}

/** `site:` terms for engines without a domain filter of their own. */
function withSites(query: SearchQuery): string {
  const domains = query.domains ?? [];
  if (domains.length === 0) return query.query;
  return `${query.query} (${domains.map((d) => `site:${d}`).join(' OR ')})`;
}

function base(url: string | undefined, fallback: string): string {
  return (url ?? fallback).replace(/\/+$/, '');
}

async function get(ctx: EngineContext, url: string, headers: Record<string, string> = {}): Promise<GuardedResponse> {
  return ctx.request({ url, headers: { accept: 'application/json', ...headers }, timeoutMs: ENGINE_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024, signal: ctx.signal });
}

async function postJson(ctx: EngineContext, url: string, body: unknown, headers: Record<string, string>): Promise<GuardedResponse> {
  return ctx.request({ url, method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), timeoutMs: ENGINE_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024, signal: ctx.signal });
}

export interface DuckDuckGoOptions {
  /** Default `https://html.duckduckgo.com`. */
  baseUrl?: string;
}

const DDG_RECENCY: Record<SearchRecency, string> = { day: 'd', week: 'w', month: 'm', year: 'y' };

/** DuckDuckGo's keyless HTML endpoint (`POST /html/`), read with a real HTML parser. The default engine. */
export function duckDuckGoEngine(options: DuckDuckGoOptions = {}): SearchEngine {
  const root = base(options.baseUrl, 'https://html.duckduckgo.com');
  return {
    name: 'duckduckgo',
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const form = new URLSearchParams({ q: withSites(query), ...(query.recency ? { df: DDG_RECENCY[query.recency] } : {}) });
      const response = await ctx.request({ url: `${root}/html/`, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, body: form.toString(), timeoutMs: ENGINE_TIMEOUT_MS, maxBytes: 2 * 1024 * 1024, signal: ctx.signal });
      const failure = statusFailure(response);
      if (failure) throw failure;
      const { document } = parseHTML(response.body.toString('utf8'));
      if (document.querySelector('.anomaly-modal, #challenge-form')) throw engineFailure('asked for a challenge (bot check)', false);
      const out: SearchResult[] = [];
      for (const node of document.querySelectorAll('.result')) {
        const link = node.querySelector('a.result__a');
        const href = link?.getAttribute('href') ?? '';
        // Links go through DuckDuckGo's redirector: the target is its `uddg` parameter.
        let target: string;
        try {
          const parsed = new URL(href, root);
          target = parsed.searchParams.get('uddg') ?? parsed.toString();
        } catch {
          continue;
        }
        const item = result('duckduckgo', link?.textContent?.trim(), target, node.querySelector('.result__snippet')?.textContent?.trim());
        if (item) out.push(item);
        if (out.length >= limitOf(query)) break;
      }
      return out;
    },
  };
}

export interface KeyedEngineOptions {
  apiKey: string;
  baseUrl?: string;
}

const BRAVE_FRESHNESS: Record<SearchRecency, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

/** Brave Search API (`GET /res/v1/web/search`, `X-Subscription-Token`). */
export function braveEngine(options: KeyedEngineOptions): SearchEngine {
  const root = base(options.baseUrl, 'https://api.search.brave.com');
  return {
    name: 'brave',
    secrets: [options.apiKey],
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const params = new URLSearchParams({ q: withSites(query), count: String(limitOf(query)), ...(query.recency ? { freshness: BRAVE_FRESHNESS[query.recency] } : {}) });
      const body = jsonOf(await get(ctx, `${root}/res/v1/web/search?${params.toString()}`, { 'x-subscription-token': options.apiKey })) as { web?: { results?: unknown } };
      return defined(records(body.web?.results).map((r) => result('brave', r.title, r.url, r.description, r.page_age ?? r.age)));
    },
  };
}

/** Tavily (`POST /search`, bearer key; `include_domains`, `time_range`). */
export function tavilyEngine(options: KeyedEngineOptions): SearchEngine {
  const root = base(options.baseUrl, 'https://api.tavily.com');
  return {
    name: 'tavily',
    secrets: [options.apiKey],
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const request = { query: query.query, max_results: limitOf(query), ...(query.domains?.length ? { include_domains: query.domains } : {}), ...(query.recency ? { time_range: query.recency } : {}) };
      const body = jsonOf(await postJson(ctx, `${root}/search`, request, { authorization: `Bearer ${options.apiKey}` })) as { results?: unknown };
      return defined(records(body.results).map((r) => result('tavily', r.title, r.url, r.content, r.published_date)));
    },
  };
}

const DAYS: Record<SearchRecency, number> = { day: 1, week: 7, month: 31, year: 366 };

/** Exa (`POST /search`, `x-api-key`; `includeDomains`, `startPublishedDate`). */
export function exaEngine(options: KeyedEngineOptions & { now?: () => number }): SearchEngine {
  const root = base(options.baseUrl, 'https://api.exa.ai');
  const now = options.now ?? Date.now;
  return {
    name: 'exa',
    secrets: [options.apiKey],
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const since = query.recency ? new Date(now() - DAYS[query.recency] * 86_400_000).toISOString() : undefined;
      const request = { query: query.query, numResults: limitOf(query), contents: { highlights: true }, ...(query.domains?.length ? { includeDomains: query.domains } : {}), ...(since ? { startPublishedDate: since } : {}) };
      const body = jsonOf(await postJson(ctx, `${root}/search`, request, { 'x-api-key': options.apiKey })) as { results?: unknown };
      return defined(records(body.results).map((r) => result('exa', r.title, r.url, Array.isArray(r.highlights) ? r.highlights.join(' … ') : r.text, r.publishedDate)));
    },
  };
}

/** A SearXNG instance (`GET /search?format=json`; keyless, the operator's own). */
export function searxngEngine(options: { baseUrl: string }): SearchEngine {
  const root = base(options.baseUrl, options.baseUrl);
  return {
    name: 'searxng',
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const params = new URLSearchParams({ q: withSites(query), format: 'json', ...(query.recency ? { time_range: query.recency } : {}) });
      const body = jsonOf(await get(ctx, `${root}/search?${params.toString()}`)) as { results?: unknown };
      return defined(records(body.results).slice(0, limitOf(query)).map((r) => result('searxng', r.title, r.url, r.content, r.publishedDate)));
    },
  };
}

const GOOGLE_DATE: Record<SearchRecency, string> = { day: 'd1', week: 'w1', month: 'm1', year: 'y1' };

/** Google Programmable Search (`GET /customsearch/v1?key&cx`). The key is in the query string: no message ever shows the URL. */
export function googleEngine(options: KeyedEngineOptions & { cx: string }): SearchEngine {
  const root = base(options.baseUrl, 'https://www.googleapis.com');
  return {
    name: 'google',
    secrets: [options.apiKey],
    origins: [new URL(root).origin],
    async search(query, ctx) {
      const params = new URLSearchParams({ key: options.apiKey, cx: options.cx, q: withSites(query), num: String(Math.min(10, limitOf(query))), ...(query.recency ? { dateRestrict: GOOGLE_DATE[query.recency] } : {}) });
      const body = jsonOf(await get(ctx, `${root}/customsearch/v1?${params.toString()}`)) as { items?: unknown };
      return defined(records(body.items).map((r) => result('google', r.title, r.link, r.snippet)));
    },
  };
}

/** An engine of your own: a function (an in-house index, a test double). */
export function functionEngine(name: string, search: (query: SearchQuery, signal: AbortSignal) => Promise<Array<Omit<SearchResult, 'engine'>>>): SearchEngine {
  return {
    name,
    origins: [],
    async search(query, ctx) {
      return (await search(query, ctx.signal)).map((r) => ({ ...r, engine: name }));
    },
  };
}

/** An HTTP engine of your own that speaks `{ results: [{ title, url, snippet, date }] }` at `GET url?q=&limit=`. */
export function httpEngine(options: { name: string; url: string; headers?: Record<string, string>; secrets?: readonly string[] }): SearchEngine {
  return {
    name: options.name,
    ...(options.secrets ? { secrets: options.secrets } : {}),
    origins: [new URL(options.url).origin],
    async search(query, ctx) {
      const params = new URLSearchParams({ q: query.query, limit: String(limitOf(query)), ...(query.recency ? { recency: query.recency } : {}) });
      for (const d of query.domains ?? []) params.append('domain', d);
      const body = jsonOf(await get(ctx, `${options.url}${options.url.includes('?') ? '&' : '?'}${params.toString()}`, options.headers)) as { results?: unknown };
      return defined(records(body.results).map((r) => result(options.name, r.title, r.url, r.snippet, r.date)));
    },
  };
}

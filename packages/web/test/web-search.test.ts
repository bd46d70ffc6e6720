import { startFakeSearchEngine, type FakeEngineKind, type FakeSearchEngine } from '@warden/test-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { braveEngine, duckDuckGoEngine, enginesFromEnv, exaEngine, googleEngine, searxngEngine, tavilyEngine, webSearch, WebError, type SearchEngine } from '../src/index.js';

const KEY = 'fake-search-key-DONOTLEAK';
const started: FakeSearchEngine[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function fake(kind: FakeEngineKind, mode?: FakeSearchEngine['mode']): Promise<FakeSearchEngine> {
  const server = await startFakeSearchEngine(kind, { key: KEY, ...(mode ? { mode } : {}) });
  started.push(server);
  return server;
}

function engineFor(server: FakeSearchEngine, key = KEY): SearchEngine {
  switch (server.kind) {
    case 'brave':
      return braveEngine({ apiKey: key, baseUrl: server.url });
    case 'tavily':
      return tavilyEngine({ apiKey: key, baseUrl: server.url });
    case 'exa':
      return exaEngine({ apiKey: key, baseUrl: server.url });
    case 'google':
      return googleEngine({ apiKey: key, cx: 'cx-1', baseUrl: server.url });
    case 'searxng':
      return searxngEngine({ baseUrl: server.url });
    case 'duckduckgo':
      return duckDuckGoEngine({ baseUrl: server.url });
  }
}

const waits: number[] = [];
const fastSleep = async (ms: number): Promise<void> => {
  waits.push(ms);
};

describe('engines on their wire formats', () => {
  it.each(['brave', 'tavily', 'exa', 'google', 'searxng', 'duckduckgo'] as const)('%s: cleaned results (markup, tracking parameters, duplicates)', async (kind) => {
    const server = await fake(kind);
    const search = webSearch({ engines: [engineFor(server)], sleep: fastSleep });
    const outcome = await search.search({ query: 'warden agent', limit: 5, recency: 'month' });
    expect(outcome.engine).toBe(kind);
    expect(outcome.results.map((r) => r.url)).toEqual(['https://docs.example.org/warden', 'https://blog.example.net/agents', 'https://ads.tracker.example/landing']);
    expect(outcome.results[0]).toMatchObject({ title: 'Warden agent harness', snippet: 'A governed agent harness & its tools.', engine: kind });
    expect(server.requests).toHaveLength(1);
  });

  it('a refused key is not retried and the message never holds the key', async () => {
    const server = await fake('brave');
    const search = webSearch({ engines: [engineFor(server, 'wrong-key-SECRET-123')], sleep: fastSleep });
    const error = await search.search({ query: 'x' }).catch((e: unknown) => e);
    expect(WebError.isInstance(error)).toBe(true);
    expect((error as WebError).code).toBe('web.search_failed');
    expect((error as WebError).message).toContain('brave: key refused (HTTP 401)');
    expect(JSON.stringify((error as WebError).toJSON())).not.toContain('wrong-key-SECRET-123');
    expect(server.requests).toHaveLength(1);
  });
});

describe('fallback, retries and deadlines', () => {
  it('falls back to the next engine after retries, and names each engine when all fail', async () => {
    const first = await fake('tavily', 'fail');
    const second = await fake('exa');
    waits.length = 0;
    const search = webSearch({ engines: [engineFor(first), engineFor(second)], sleep: fastSleep, backoffMs: 100 });
    const outcome = await search.search({ query: 'warden' });
    expect(outcome.engine).toBe('exa');
    expect(outcome.attempts).toEqual([{ engine: 'tavily', outcome: 'failed', reason: 'HTTP 503', tries: 3 }, { engine: 'exa', outcome: 'ok', tries: 1 }]);
    expect(first.requests).toHaveLength(3);
    expect(waits).toEqual([100, 200]);

    second.mode = 'fail';
    const failed = (await webSearch({ engines: [engineFor(first), engineFor(second)], sleep: fastSleep, retries: 0 }).search({ query: 'other' }).catch((e: unknown) => e)) as WebError;
    expect(failed.code).toBe('web.search_failed');
    expect(failed.message).toBe('every search engine failed — tavily: HTTP 503; exa: HTTP 503');
    expect(failed.message).not.toContain(KEY);
  });

  it('waits as Retry-After asks, and never retries a quota that asks for longer than 10 s', async () => {
    const limited = await fake('searxng', 'rate-limited');
    waits.length = 0;
    await webSearch({ engines: [engineFor(limited)], sleep: fastSleep, retries: 1 }).search({ query: 'a' }).catch(() => undefined);
    expect(waits).toEqual([1000]);
    expect(limited.requests).toHaveLength(2);

    const quota = await fake('brave', 'quota');
    const backup = await fake('duckduckgo');
    waits.length = 0;
    const outcome = await webSearch({ engines: [engineFor(quota), engineFor(backup)], sleep: fastSleep }).search({ query: 'a' });
    expect(quota.requests).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(outcome.attempts[0]).toMatchObject({ engine: 'brave', outcome: 'failed', reason: 'rate limited (HTTP 429)', tries: 1 });
    expect(outcome.engine).toBe('duckduckgo');
  });

  it('falls back on empty results unless switched off', async () => {
    const empty = await fake('google', 'empty');
    const full = await fake('brave');
    const outcome = await webSearch({ engines: [engineFor(empty), engineFor(full)] }).search({ query: 'a' });
    expect(outcome.attempts.map((a) => `${a.engine}:${a.outcome}`)).toEqual(['google:empty', 'brave:ok']);
    const strict = await webSearch({ engines: [engineFor(empty), engineFor(full)], fallbackOnEmpty: false }).search({ query: 'b' });
    expect(strict).toMatchObject({ engine: 'google', results: [] });
  });

  it('a hanging engine runs into the per-request deadline and the next engine answers', async () => {
    const hang = await fake('tavily', 'hang');
    const ok = await fake('searxng');
    const outcome = await webSearch({ engines: [engineFor(hang), engineFor(ok)], requestTimeoutMs: 200, retries: 0 }).search({ query: 'a' });
    expect(outcome.engine).toBe('searxng');
    expect(outcome.attempts[0]).toMatchObject({ engine: 'tavily', outcome: 'failed' });
    expect(outcome.attempts[0]!.reason).toMatch(/did not answer in time/);
  });
});

describe('breaker per engine', () => {
  it('opens after 3 failed searches, skips the engine for 60 s, then lets one probe through', async () => {
    let now = 1_000_000;
    const flaky = await fake('exa', 'fail');
    const backup = await fake('searxng');
    const search = webSearch({ engines: [engineFor(flaky), engineFor(backup)], retries: 0, cacheTtlMs: 0, now: () => now });
    for (const q of ['a', 'b', 'c']) await search.search({ query: q });
    expect(flaky.requests).toHaveLength(3);
    expect(search.breakers()).toEqual({ exa: 'open', searxng: 'closed' });
    const skipped = await search.search({ query: 'd' });
    expect(skipped.attempts[0]).toMatchObject({ engine: 'exa', outcome: 'breaker_open' });
    expect(flaky.requests).toHaveLength(3);

    now += 60_000;
    expect(search.breakers().exa).toBe('half-open');
    await search.search({ query: 'e' }); // the probe fails: open again
    expect(flaky.requests).toHaveLength(4);
    expect(search.breakers().exa).toBe('open');

    now += 60_000;
    flaky.mode = 'ok';
    const healed = await search.search({ query: 'f' });
    expect(healed.engine).toBe('exa');
    expect(search.breakers().exa).toBe('closed');
  });
});

describe('cache and domain policy', () => {
  it('answers repeats from the cache, de-duplicates searches in flight, and expires after the TTL', async () => {
    let now = 0;
    const server = await fake('brave');
    const search = webSearch({ engines: [engineFor(server)], cacheTtlMs: 1000, now: () => now });
    const [a, b] = await Promise.all([search.search({ query: 'Same' }), search.search({ query: 'same ' })]);
    expect(server.requests).toHaveLength(1);
    expect([a.cached, b.cached].sort()).toEqual([false, true]);
    expect((await search.search({ query: 'same' })).cached).toBe(true);
    expect(server.requests).toHaveLength(1);
    now += 1001;
    expect((await search.search({ query: 'same' })).cached).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it('applies allowed and blocked domains to results whatever the engine did; the model can only narrow', async () => {
    const server = await fake('duckduckgo');
    const blocked = await webSearch({ engines: [engineFor(server)], blockedDomains: ['tracker.example'] }).search({ query: 'x' });
    expect(blocked.results.map((r) => new URL(r.url).hostname)).toEqual(['docs.example.org', 'blog.example.net']);
    expect(blocked.removed).toBe(1);

    const allowed = webSearch({ engines: [engineFor(server)], allowedDomains: ['example.org'] });
    expect((await allowed.search({ query: 'x' })).results.map((r) => r.url)).toEqual(['https://docs.example.org/warden']);
    // Asking for a domain outside the operator's list widens nothing.
    const widened = await allowed.search({ query: 'x', domains: ['blog.example.net'] });
    expect(widened.results).toEqual([]);
    const narrowed = await webSearch({ engines: [engineFor(server)] }).search({ query: 'x', domains: ['example.net'] });
    expect(narrowed.results.map((r) => r.url)).toEqual(['https://blog.example.net/agents']);
    expect(server.requests.at(-1)!.method).toBe('POST');
  });
});

describe('engines from the environment', () => {
  it('sets up the engines whose keys are there, DuckDuckGo last', () => {
    expect(enginesFromEnv({}).map((e) => e.name)).toEqual(['duckduckgo']);
    const engines = enginesFromEnv({ TAVILY_API_KEY: 'tv-key', SEARXNG_URL: 'http://searx.lan:8080', GOOGLE_CSE_API_KEY: 'g-key', BRAVE_API_KEY: ' ' });
    expect(engines.map((e) => e.name)).toEqual(['tavily', 'searxng', 'duckduckgo']);
    expect(engines[0]!.secrets).toEqual(['tv-key']);
    expect(engines[1]!.origins).toEqual(['http://searx.lan:8080']);
  });
});

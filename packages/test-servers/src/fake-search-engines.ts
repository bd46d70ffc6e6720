// Fake web search engines on 127.0.0.1, each speaking its vendor's wire format (Brave, Tavily, Exa,
// SearXNG, Google Programmable Search, DuckDuckGo's HTML endpoint), with a key check where the
// vendor has one and a switchable behaviour, so tests exercise fallback, breakers, caches and
// domain policies against real HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FakeEngineKind = 'brave' | 'tavily' | 'exa' | 'searxng' | 'google' | 'duckduckgo';

/** What the engine does with the next requests. */
export type FakeEngineMode =
  | 'ok'
  | 'empty'
  /** 503 every time. */
  | 'fail'
  /** 429 with `Retry-After: 1`. */
  | 'rate-limited'
  /** 429 with `Retry-After: 3600` (a quota, not a hiccup). */
  | 'quota'
  /** Never answers (for deadlines). */
  | 'hang';

export interface FakePage {
  title: string;
  url: string;
  snippet: string;
  date?: string;
}

export interface FakeSearchEngine {
  kind: FakeEngineKind;
  url: string;
  /** Requests by path and query (keys are never recorded). */
  readonly requests: Array<{ method: string; path: string; query: string }>;
  mode: FakeEngineMode;
  /** The next `n` requests answer 503, then `mode` again. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** The pages every fake engine finds for any query (markup, tracking parameters and a duplicate included, as real engines send). */
export const FAKE_SEARCH_PAGES: readonly FakePage[] = [
  { title: 'Warden <b>agent</b> harness', url: 'https://docs.example.org/warden?utm_source=search&utm_medium=web', snippet: 'A <b>governed</b> agent harness &amp; its tools.', date: '2026-11-02' },
  { title: 'Warden agent harness (mirror)', url: 'https://docs.example.org/warden', snippet: 'The same page again.' },
  { title: 'Blog: running agents safely', url: 'https://blog.example.net/agents?fbclid=abc123', snippet: 'Effect classes, taint and approvals.', date: '2026-10-20' },
  { title: 'Tracker site', url: 'https://ads.tracker.example/landing?gclid=zzz', snippet: 'Buy now.' },
];

function pagesFor(query: string): readonly FakePage[] {
  return /nothing-at-all/.test(query) ? [] : FAKE_SEARCH_PAGES;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** DuckDuckGo's HTML result page: links through its `/l/?uddg=` redirector, snippets in `.result__snippet`. */
function duckDuckGoHtml(pages: readonly FakePage[]): string {
  const results = pages
    .map((p) => `<div class="result results_links results_links_deep web-result"><div class="links_main links_deep result__body"><h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(p.url)}&amp;rut=abc">${p.title}</a></h2><a class="result__snippet" href="//duckduckgo.com/l/?uddg=${encodeURIComponent(p.url)}">${p.snippet}</a></div></div>`)
    .join('\n');
  const none = pages.length === 0 ? '<div class="no-results">No results.</div>' : '';
  return `<!DOCTYPE html><html><head><title>${escapeHtml('results at DuckDuckGo')}</title></head><body><div id="links" class="results">${results}${none}</div></body></html>`;
}

function answer(kind: FakeEngineKind, key: string, req: IncomingMessage, url: URL, body: string, res: ServerResponse): void {
  const header = (name: string): string => String(req.headers[name] ?? '');
  let parsed: Record<string, unknown> = {};
  try {
    parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  } catch {
    // a form (DuckDuckGo)
  }
  const reject = (): void => sendJson(res, 401, { error: 'invalid api key' });
  switch (kind) {
    case 'brave': {
      if (req.method !== 'GET' || url.pathname !== '/res/v1/web/search') return sendJson(res, 404, { error: 'not found' });
      if (header('x-subscription-token') !== key) return sendJson(res, 401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401 } });
      const pages = pagesFor(url.searchParams.get('q') ?? '');
      return sendJson(res, 200, { type: 'search', query: { original: url.searchParams.get('q') }, web: { type: 'search', results: pages.map((p) => ({ type: 'search_result', title: p.title, url: p.url, description: p.snippet, ...(p.date ? { page_age: p.date } : {}) })) } });
    }
    case 'tavily': {
      if (req.method !== 'POST' || url.pathname !== '/search') return sendJson(res, 404, { error: 'not found' });
      if (header('authorization') !== `Bearer ${key}`) return reject();
      const pages = pagesFor(String(parsed.query ?? ''));
      return sendJson(res, 200, { query: parsed.query, response_time: 0.4, results: pages.map((p) => ({ title: p.title, url: p.url, content: p.snippet, score: 0.9, ...(p.date ? { published_date: p.date } : {}) })) });
    }
    case 'exa': {
      if (req.method !== 'POST' || url.pathname !== '/search') return sendJson(res, 404, { error: 'not found' });
      if (header('x-api-key') !== key) return reject();
      const pages = pagesFor(String(parsed.query ?? ''));
      return sendJson(res, 200, { requestId: 'req-1', results: pages.map((p, i) => ({ id: `r${i}`, title: p.title, url: p.url, highlights: [p.snippet], ...(p.date ? { publishedDate: `${p.date}T00:00:00.000Z` } : {}) })) });
    }
    case 'searxng': {
      if (req.method !== 'GET' || url.pathname !== '/search' || url.searchParams.get('format') !== 'json') return sendJson(res, 403, { error: 'format not allowed' });
      const pages = pagesFor(url.searchParams.get('q') ?? '');
      return sendJson(res, 200, { query: url.searchParams.get('q'), number_of_results: pages.length, results: pages.map((p) => ({ title: p.title, url: p.url, content: p.snippet, engine: 'fake', ...(p.date ? { publishedDate: p.date } : {}) })) });
    }
    case 'google': {
      if (req.method !== 'GET' || url.pathname !== '/customsearch/v1') return sendJson(res, 404, { error: { code: 404, message: 'not found' } });
      if (url.searchParams.get('key') !== key) return sendJson(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
      const pages = pagesFor(url.searchParams.get('q') ?? '');
      return sendJson(res, 200, { kind: 'customsearch#search', ...(pages.length > 0 ? { items: pages.map((p) => ({ kind: 'customsearch#result', title: p.title, link: p.url, snippet: p.snippet })) } : {}) });
    }
    case 'duckduckgo': {
      if (req.method !== 'POST' || url.pathname !== '/html/') return sendJson(res, 404, { error: 'not found' });
      const q = new URLSearchParams(body).get('q') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(duckDuckGoHtml(pagesFor(q)));
      return;
    }
  }
}

/** Starts one fake engine of `kind` on 127.0.0.1 (key checked where the vendor has one). */
export async function startFakeSearchEngine(kind: FakeEngineKind, options: { key?: string; mode?: FakeEngineMode } = {}): Promise<FakeSearchEngine> {
  const key = options.key ?? 'fake-search-key-DONOTLEAK';
  const requests: FakeSearchEngine['requests'] = [];
  const sockets = new Set<Socket>();
  let failing = 0;
  const engine = {
    kind,
    url: '',
    requests,
    mode: options.mode ?? ('ok'),
    failNext(n: number) {
      failing = n;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const query = new URLSearchParams(url.searchParams);
      query.delete('key');
      requests.push({ method: req.method ?? '', path: url.pathname, query: query.toString() });
      if (failing > 0) {
        failing -= 1;
        return sendJson(res, 503, { error: 'temporarily unavailable' });
      }
      switch (engine.mode) {
        case 'fail':
          return sendJson(res, 503, { error: 'temporarily unavailable' });
        case 'rate-limited':
          return sendJson(res, 429, { error: 'rate limited' }, { 'retry-after': '1' });
        case 'quota':
          return sendJson(res, 429, { error: 'monthly quota exceeded' }, { 'retry-after': '3600' });
        case 'hang':
          return;
        case 'empty':
          return answer(kind, key, req, new URL(`${url.pathname}?q=nothing-at-all&format=json&key=${encodeURIComponent(url.searchParams.get('key') ?? '')}`, 'http://fake'), kind === 'duckduckgo' ? 'q=nothing-at-all' : JSON.stringify({ query: 'nothing-at-all' }), res);
        default:
          return answer(kind, key, req, url, Buffer.concat(chunks).toString('utf8'), res);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  engine.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return engine;
}

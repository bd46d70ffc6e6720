// A faithful fake of Qdrant's REST API (the parts a knowledge store uses): collections with one
// cosine vector, payload indexes, upsert, query (nearest by cosine under a filter), scroll, count
// and delete by filter, with Qdrant's filter language (must / must_not / should, match value / any /
// text, range) over nested payload keys. Errors and response envelopes follow Qdrant's shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServer } from './vendor-server.js';

export interface FakeQdrantOptions {
  /** When set, requests without this `api-key` header get 401 (Qdrant's answer). */
  apiKey?: string;
  /** Answer the next N requests with 503 (a retry test). */
  failNext?: number;
}

export interface FakeQdrant {
  url: string;
  /** Every request: method, path, body. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** Make the next N requests fail with 429 (with Retry-After: 0) or 503. */
  fail(n: number, status?: 429 | 503): void;
  close(): Promise<void>;
}

interface Point {
  id: string | number;
  vector: number[];
  payload: Record<string, unknown>;
}

interface Collection {
  size: number;
  points: Map<string, Point>;
  indexes: Record<string, unknown>;
}

type Filter = { must?: Condition[]; must_not?: Condition[]; should?: Condition[] };
type Condition = Filter & { key?: string; match?: { value?: unknown; any?: unknown[]; text?: string }; range?: Record<string, number>; has_id?: unknown[] };

function valueAt(payload: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), payload);
}

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function conditionHolds(point: Point, c: Condition): boolean {
  if (c.must || c.must_not || c.should) return filterHolds(point, c);
  if (c.has_id) return c.has_id.map(String).includes(String(point.id));
  const value = valueAt(point.payload, c.key ?? '');
  const values = Array.isArray(value) ? value : [value];
  if (c.match) {
    if ('value' in c.match) return values.some((v) => v === c.match!.value);
    if (c.match.any) return values.some((v) => c.match!.any!.includes(v));
    // The word tokenizer: every token of the query text appears in the field.
    if (typeof c.match.text === 'string') {
      const have = new Set(values.flatMap((v) => (typeof v === 'string' ? tokens(v) : [])));
      return tokens(c.match.text).every((t) => have.has(t));
    }
  }
  if (c.range) {
    return values.some((v) => typeof v === 'number' && Object.entries(c.range!).every(([op, bound]) => (op === 'gt' ? v > bound : op === 'gte' ? v >= bound : op === 'lt' ? v < bound : op === 'lte' ? v <= bound : false)));
  }
  return false;
}

function filterHolds(point: Point, f: Filter | undefined): boolean {
  if (!f) return true;
  if (f.must && !f.must.every((c) => conditionHolds(point, c))) return false;
  if (f.must_not && f.must_not.some((c) => conditionHolds(point, c))) return false;
  if (f.should && f.should.length > 0 && !f.should.some((c) => conditionHolds(point, c))) return false;
  return true;
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

function withPayload(point: Point, selector: unknown): Record<string, unknown> | undefined {
  if (selector === false || selector === undefined) return undefined;
  if (Array.isArray(selector)) return Object.fromEntries(selector.map((k: string) => [k, point.payload[k]]));
  return point.payload;
}

/** Starts the fake on a free loopback port. */
export async function startFakeQdrant(options: FakeQdrantOptions = {}): Promise<FakeQdrant> {
  const server = await startServer();
  const collections = new Map<string, Collection>();
  const requests: FakeQdrant['requests'] = [];
  let failures = options.failNext ?? 0;
  let failStatus: 429 | 503 = 503;
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const ok = (res: ServerResponse, result: unknown): void => send(res, 200, { result, status: 'ok', time: 0.0001 });
  const error = (res: ServerResponse, status: number, message: string): void => send(res, status, { status: { error: message }, time: 0 });

  server.reply((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.test');
    const body = (server.requests.at(-1)?.body ?? {}) as Record<string, unknown>;
    requests.push({ method: req.method ?? '', path: url.pathname, body });
    if (failures > 0) {
      failures -= 1;
      send(res, failStatus, { status: { error: 'Service unavailable' } }, failStatus === 429 ? { 'retry-after': '0' } : {});
      return;
    }
    if (options.apiKey && req.headers['api-key'] !== options.apiKey) return error(res, 401, 'Must provide an API key or an Authorization bearer token');
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, { title: 'qdrant - vector search engine (fake)', version: '1.13.0-fake' });
    const match = /^\/collections\/([A-Za-z0-9_-]+)(\/.*)?$/.exec(url.pathname);
    if (!match) return error(res, 404, 'Not found');
    const name = match[1]!;
    const sub = match[2] ?? '';
    const collection = collections.get(name);
    if (sub === '' && req.method === 'PUT') {
      if (collection) return error(res, 409, `Wrong input: Collection \`${name}\` already exists!`);
      const vectors = body.vectors as { size?: number; distance?: string } | undefined;
      if (!vectors || typeof vectors.size !== 'number' || vectors.distance !== 'Cosine') return error(res, 400, 'Wrong input: this fake serves one Cosine vector per point');
      collections.set(name, { size: vectors.size, points: new Map(), indexes: {} });
      return ok(res, true);
    }
    if (!collection) return error(res, 404, `Not found: Collection \`${name}\` doesn't exist!`);
    if (sub === '' && req.method === 'GET') {
      return ok(res, { status: 'green', points_count: collection.points.size, config: { params: { vectors: { size: collection.size, distance: 'Cosine' } } }, payload_schema: collection.indexes });
    }
    if (sub === '' && req.method === 'DELETE') return ok(res, collections.delete(name));
    if (sub === '/index' && req.method === 'PUT') {
      collection.indexes[String(body.field_name)] = body.field_schema;
      return ok(res, { operation_id: 0, status: 'completed' });
    }
    if (sub === '/points' && req.method === 'PUT') {
      const points = body.points as Point[];
      for (const point of points) {
        if (!Array.isArray(point.vector) || point.vector.length !== collection.size) return error(res, 400, `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${Array.isArray(point.vector) ? point.vector.length : 0}`);
        collection.points.set(String(point.id), { id: point.id, vector: point.vector, payload: point.payload ?? {} });
      }
      return ok(res, { operation_id: 1, status: 'completed' });
    }
    const selected = (): Point[] => [...collection.points.values()].filter((p) => filterHolds(p, body.filter as Filter | undefined));
    if (sub === '/points/query' && req.method === 'POST') {
      const query = body.query as number[];
      if (!Array.isArray(query) || query.length !== collection.size) return error(res, 400, `Wrong input: Vector dimension error: expected dim: ${collection.size}, got ${Array.isArray(query) ? query.length : 0}`);
      const limit = typeof body.limit === 'number' ? body.limit : 10;
      const points = selected()
        .map((p) => ({ p, score: cosine(p.vector, query) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map(({ p, score }) => ({ id: p.id, version: 1, score, ...(withPayload(p, body.with_payload) ? { payload: withPayload(p, body.with_payload) } : {}), ...(body.with_vector ? { vector: p.vector } : {}) }));
      return ok(res, { points });
    }
    if (sub === '/points/scroll' && req.method === 'POST') {
      const limit = typeof body.limit === 'number' ? body.limit : 10;
      const points = selected().slice(0, limit).map((p) => ({ id: p.id, ...(withPayload(p, body.with_payload ?? true) ? { payload: withPayload(p, body.with_payload ?? true) } : {}) }));
      return ok(res, { points, next_page_offset: null });
    }
    if (sub === '/points/count' && req.method === 'POST') return ok(res, { count: selected().length });
    if (sub === '/points/delete' && req.method === 'POST') {
      for (const p of selected()) collection.points.delete(String(p.id));
      return ok(res, { operation_id: 2, status: 'completed' });
    }
    return error(res, 404, 'Not found');
  });
  return {
    url: server.url,
    requests,
    fail(n, status = 503) {
      failures = n;
      failStatus = status;
    },
    close: () => server.close(),
  };
}

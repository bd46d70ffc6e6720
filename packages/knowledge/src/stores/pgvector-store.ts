import { knowledgeError } from '../coded-errors.js';
import type { FilterClause } from '../filter.js';
import { words } from '../tokens.js';
import type { KeywordQuery, KnowledgeStore, StoreCheck, StoredPassage, StoreHit, StoreScope, VectorQuery } from '../store-types.js';
import { probePassage } from './probe.js';
import { sqlCondition, type SqlDialect } from './sql-filter.js';

/** What the store needs of a PostgreSQL client: PGlite, `pg`'s Pool or Client all have it. */
export interface SqlClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  exec?(sql: string): Promise<unknown>;
}

export interface PgvectorStoreOptions {
  client: SqlClient;
  /** Table name prefix (default `kb`): tables `<prefix>_passages` and `<prefix>_meta`. */
  prefix?: string;
  /** Shown by `check` (`pglite`, `postgres`). */
  kind?: string;
  /** Called by `close` (the client's own end). */
  close?: () => Promise<void>;
}

function pgDialect(params: unknown[]): SqlDialect {
  const at = (field: string): string => `p.metadata->'${field}'`;
  return {
    documentIdColumn: 'p.document_id',
    param(value) {
      params.push(value);
      return `$${params.length}`;
    },
    isBoolean: (field, value) => `${at(field)} = '${value ? 'true' : 'false'}'::jsonb`,
    // CASE keeps the cast from running on a value of another type (PostgreSQL does not short-circuit AND).
    numberCompare: (field, op, param) => `(CASE WHEN jsonb_typeof(${at(field)}) = 'number' THEN (p.metadata->>'${field}')::float8 END) ${op} ${param}::float8`,
    stringCompare: (field, op, param) => `(CASE WHEN jsonb_typeof(${at(field)}) = 'string' THEN p.metadata->>'${field}' END) ${op} ${param}::text COLLATE "C"`,
  };
}

const vectorText = (vector: readonly number[]): string => `[${vector.join(',')}]`;

function hitOf(row: Record<string, unknown>): StoreHit {
  return {
    passage: {
      tenant: row.tenant as string,
      namespace: row.namespace as string,
      id: row.id as string,
      documentId: row.document_id as string,
      hash: row.hash as string,
      source: row.source as string,
      title: row.title as string,
      headings: row.headings as string[],
      text: row.text as string,
      metadata: row.metadata as StoredPassage['metadata'],
    },
    score: Number(row.score),
  };
}

/**
 * PostgreSQL with pgvector (a server, or PGlite's `vector` extension): cosine by `<=>`, words by
 * a `simple` text-search vector ranked with `ts_rank`; tenant, namespace and filter in the WHERE.
 */
export function pgvectorStore(options: PgvectorStoreOptions): KnowledgeStore {
  const prefix = options.prefix ?? 'kb';
  if (!/^[a-z][a-z0-9_]{0,30}$/.test(prefix)) throw knowledgeError('knowledge.invalid_options', 'The table prefix must be lower-case letters, digits and _.');
  const passages = `${prefix}_passages`;
  const meta = `${prefix}_meta`;
  const client = options.client;
  const run = async (sql: string, params: unknown[] = []): Promise<Array<Record<string, unknown>>> => {
    try {
      return (await client.query(sql, params)).rows;
    } catch (error) {
      throw knowledgeError('knowledge.store_failed', `PostgreSQL refused a knowledge query: ${(error as Error).message}`, undefined, error);
    }
  };
  let setUp: Promise<void> | undefined;
  const ready = (): Promise<void> =>
    (setUp ??= (async () => {
      await run('CREATE EXTENSION IF NOT EXISTS vector');
      await run(`CREATE TABLE IF NOT EXISTS ${meta} (key text PRIMARY KEY, value text NOT NULL)`);
    })().catch((error: unknown) => {
      setUp = undefined;
      throw error;
    }));

  const select = async (scope: StoreScope, clauses: readonly FilterClause[], vector: readonly number[], k: number, words?: { query: string; params: string[] }): Promise<StoreHit[]> => {
    await ready();
    const params: unknown[] = [vectorText(vector), scope.tenant, scope.namespace];
    const wordSql = words ? words.params.map((w) => `plainto_tsquery('simple', $${params.push(w)})`).join(' || ') : '';
    const condition = sqlCondition(pgDialect(params), clauses);
    const sql = `SELECT p.tenant, p.namespace, p.id, p.document_id, p.hash, p.source, p.title, p.headings, p.text, p.metadata, 1 - (p.embedding <=> $1::vector) AS score
      ${words ? `, ts_rank(p.tsv, (${wordSql}), 1) AS rank` : ''}
      FROM ${passages} p WHERE p.tenant = $2 AND p.namespace = $3 AND ${condition}${words ? ` AND p.tsv @@ (${wordSql})` : ''}
      ORDER BY ${words ? 'rank DESC' : 'p.embedding <=> $1::vector'} LIMIT ${k}`;
    return (await run(sql, params)).map(hitOf);
  };

  const dimensions = async (): Promise<number | undefined> => {
    await ready();
    const [row] = await run(`SELECT value FROM ${meta} WHERE key = 'dimensions'`);
    return row ? Number(row.value) : undefined;
  };

  const store: KnowledgeStore = {
    kind: options.kind ?? 'postgres',
    remote: false,
    dimensions,
    async ensure(size) {
      const current = await dimensions();
      if (current !== undefined && current !== size) throw knowledgeError('knowledge.dimension_mismatch', `The store holds vectors of ${current} dimensions; the embedder makes ${size}.`, 'Use the embedder the store was built with, or a new store.');
      if (current !== undefined) return;
      await run(`CREATE TABLE IF NOT EXISTS ${passages} (
        tenant text NOT NULL, namespace text NOT NULL, id text NOT NULL, document_id text NOT NULL, hash text NOT NULL,
        source text NOT NULL, title text NOT NULL, headings jsonb NOT NULL, text text NOT NULL, metadata jsonb NOT NULL,
        embedding vector(${size}) NOT NULL, tsv tsvector NOT NULL, PRIMARY KEY (tenant, namespace, id))`);
      await run(`CREATE INDEX IF NOT EXISTS ${passages}_document ON ${passages} (tenant, namespace, document_id)`);
      await run(`CREATE INDEX IF NOT EXISTS ${passages}_tsv ON ${passages} USING gin (tsv)`);
      await run(`INSERT INTO ${meta} (key, value) VALUES ('dimensions', $1) ON CONFLICT (key) DO NOTHING`, [String(size)]);
    },
    async upsert(items) {
      await ready();
      for (const p of items) {
        await run(
          `INSERT INTO ${passages} (tenant, namespace, id, document_id, hash, source, title, headings, text, metadata, embedding, tsv)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11::vector, to_tsvector('simple', $7 || ' ' || $12 || ' ' || $9))
           ON CONFLICT (tenant, namespace, id) DO UPDATE SET document_id = excluded.document_id, hash = excluded.hash, source = excluded.source,
             title = excluded.title, headings = excluded.headings, text = excluded.text, metadata = excluded.metadata, embedding = excluded.embedding, tsv = excluded.tsv`,
          [p.tenant, p.namespace, p.id, p.documentId, p.hash, p.source, p.title, JSON.stringify(p.headings), p.text, JSON.stringify(p.metadata), vectorText(p.embedding), p.headings.join(' ')],
        );
      }
    },
    query: (q: VectorQuery) => select(q, q.clauses, q.vector, q.k),
    async keywordQuery(q: KeywordQuery) {
      const terms = [...new Set(words(q.text))];
      if (terms.length === 0) return [];
      return select(q, q.clauses, q.vector, q.k, { query: q.text, params: terms });
    },
    async delete(scope, clauses) {
      if ((await dimensions()) === undefined) return 0;
      const params: unknown[] = [scope.tenant, scope.namespace];
      const condition = sqlCondition(pgDialect(params), clauses);
      return (await run(`WITH gone AS (DELETE FROM ${passages} p WHERE p.tenant = $1 AND p.namespace = $2 AND ${condition} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params))[0]!.n as number;
    },
    async documentHash(scope, documentId) {
      if ((await dimensions()) === undefined) return undefined;
      const [row] = await run(`SELECT hash FROM ${passages} WHERE tenant = $1 AND namespace = $2 AND document_id = $3 LIMIT 1`, [scope.tenant, scope.namespace, documentId]);
      return row?.hash as string | undefined;
    },
    async check(size): Promise<StoreCheck> {
      try {
        await ready();
        const [version] = await run("SELECT extversion FROM pg_extension WHERE extname = 'vector'");
        return { ok: true, store: store.kind, details: [`pgvector ${String(version?.extversion)}`, ...(await probePassage(store, size))] };
      } catch (error) {
        return { ok: false, store: store.kind, details: [(error as Error).message] };
      }
    },
    async close() {
      await options.close?.();
    },
  };
  return store;
}

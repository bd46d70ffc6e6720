import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { knowledgeError } from '../coded-errors.js';
import type { FilterClause } from '../filter.js';
import { words } from '../tokens.js';
import type { KeywordQuery, KnowledgeStore, StoreCheck, StoredPassage, StoreHit, StoreScope, VectorQuery } from '../store-types.js';
import { optionalPeer } from './optional-peer.js';
import { probePassage } from './probe.js';
import { sqlCondition, type SqlDialect } from './sql-filter.js';
import { float32Bytes } from './vector-bytes.js';

export interface SqliteStoreOptions {
  /** A database file (`:memory:` for one that lives with the process). */
  path: string;
}

type Row = Record<string, unknown>;

function sqliteDialect(params: unknown[]): SqlDialect {
  const path = (field: string): string => `'$.${field}'`;
  return {
    documentIdColumn: 'p.document_id',
    param(value) {
      params.push(value);
      return '?';
    },
    isBoolean: (field, value) => `json_type(p.metadata, ${path(field)}) = '${value ? 'true' : 'false'}'`,
    numberCompare: (field, op, param) => `(CASE WHEN json_type(p.metadata, ${path(field)}) IN ('integer', 'real') THEN json_extract(p.metadata, ${path(field)}) END) ${op} ${param}`,
    stringCompare: (field, op, param) => `(CASE WHEN json_type(p.metadata, ${path(field)}) = 'text' THEN json_extract(p.metadata, ${path(field)}) END) ${op} ${param}`,
  };
}

function hitOf(row: Row): StoreHit {
  return {
    passage: {
      tenant: row.tenant as string,
      namespace: row.namespace as string,
      id: row.id as string,
      documentId: row.document_id as string,
      hash: row.hash as string,
      source: row.source as string,
      title: row.title as string,
      headings: JSON.parse(row.headings as string) as string[],
      text: row.text as string,
      metadata: JSON.parse(row.metadata as string) as StoredPassage['metadata'],
    },
    score: 1 - (row.distance as number),
  };
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS kb_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kb_passages (
  rowid INTEGER PRIMARY KEY, tenant TEXT NOT NULL, namespace TEXT NOT NULL, id TEXT NOT NULL, document_id TEXT NOT NULL,
  hash TEXT NOT NULL, source TEXT NOT NULL, title TEXT NOT NULL, headings TEXT NOT NULL, text TEXT NOT NULL,
  metadata TEXT NOT NULL, embedding BLOB NOT NULL, UNIQUE (tenant, namespace, id));
CREATE INDEX IF NOT EXISTS kb_passages_document ON kb_passages (tenant, namespace, document_id);
CREATE VIRTUAL TABLE IF NOT EXISTS kb_fts USING fts5(title, headings, text, content='kb_passages', content_rowid='rowid', tokenize="unicode61 tokenchars '-_'");
CREATE TRIGGER IF NOT EXISTS kb_passages_ai AFTER INSERT ON kb_passages BEGIN
  INSERT INTO kb_fts (rowid, title, headings, text) VALUES (new.rowid, new.title, new.headings, new.text); END;
CREATE TRIGGER IF NOT EXISTS kb_passages_ad AFTER DELETE ON kb_passages BEGIN
  INSERT INTO kb_fts (kb_fts, rowid, title, headings, text) VALUES ('delete', old.rowid, old.title, old.headings, old.text); END;
`;

/**
 * The embedded default store: one SQLite file, cosine by sqlite-vec's `vec_distance_cosine` over
 * every passage the tenant, namespace and filter admit (exact, in the query), words by FTS5's BM25.
 */
export function sqliteStore(options: SqliteStoreOptions): KnowledgeStore {
  let db: BetterSqlite3.Database | undefined;
  let opening: Promise<BetterSqlite3.Database> | undefined;
  const open = (): Promise<BetterSqlite3.Database> =>
    (opening ??= (async () => {
      const Database = (await optionalPeer('better-sqlite3', () => import('better-sqlite3'))).default;
      const vec = await optionalPeer('sqlite-vec', () => import('sqlite-vec'));
      // A file store's directory is made on first use (`.warden/` in a fresh workspace).
      if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
      const opened = new Database(options.path);
      vec.load(opened);
      opened.pragma('journal_mode = WAL');
      opened.exec(SCHEMA);
      db = opened;
      return opened;
    })());

  const nearest = async (scope: StoreScope, clauses: readonly FilterClause[], vector: readonly number[], k: number): Promise<StoreHit[]> => {
    const database = await open();
    const params: unknown[] = [float32Bytes(vector), scope.tenant, scope.namespace];
    const condition = sqlCondition(sqliteDialect(params), clauses);
    // Sort row ids and distances only, then read the k kept rows (not every row's text through the sorter).
    const sql = `SELECT p.*, top.distance FROM (
        SELECT p.rowid AS rid, vec_distance_cosine(p.embedding, ?) AS distance FROM kb_passages p
        WHERE p.tenant = ? AND p.namespace = ? AND ${condition} ORDER BY distance LIMIT ${k}
      ) top JOIN kb_passages p ON p.rowid = top.rid ORDER BY top.distance`;
    return (database.prepare(sql).all(...params) as Row[]).map(hitOf);
  };

  const store: KnowledgeStore = {
    kind: 'sqlite',
    remote: false,
    async ensure(dimensions) {
      const database = await open();
      const row = database.prepare("SELECT value FROM kb_meta WHERE key = 'dimensions'").get() as Row | undefined;
      if (!row) database.prepare("INSERT INTO kb_meta (key, value) VALUES ('dimensions', ?)").run(String(dimensions));
      else if (Number(row.value) !== dimensions) throw knowledgeError('knowledge.dimension_mismatch', `The store holds vectors of ${String(row.value)} dimensions; the embedder makes ${dimensions}.`, 'Use the embedder the store was built with, or a new store.');
    },
    async dimensions() {
      const row = (await open()).prepare("SELECT value FROM kb_meta WHERE key = 'dimensions'").get() as Row | undefined;
      return row ? Number(row.value) : undefined;
    },
    async upsert(passages) {
      const database = await open();
      const remove = database.prepare('DELETE FROM kb_passages WHERE tenant = ? AND namespace = ? AND id = ?');
      const insert = database.prepare('INSERT INTO kb_passages (tenant, namespace, id, document_id, hash, source, title, headings, text, metadata, embedding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      database.transaction(() => {
        for (const p of passages) {
          remove.run(p.tenant, p.namespace, p.id);
          insert.run(p.tenant, p.namespace, p.id, p.documentId, p.hash, p.source, p.title, JSON.stringify(p.headings), p.text, JSON.stringify(p.metadata), float32Bytes(p.embedding));
        }
      })();
    },
    query: (q: VectorQuery) => nearest(q, q.clauses, q.vector, q.k),
    async keywordQuery(q: KeywordQuery) {
      const terms = [...new Set(words(q.text))];
      if (terms.length === 0) return [];
      // Each word quoted (FTS5 syntax stays out of the user's hands) and ORed: BM25 ranks by rarity.
      const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
      const database = await open();
      const params: unknown[] = [match, q.tenant, q.namespace];
      const condition = sqlCondition(sqliteDialect(params), q.clauses);
      // Rank first, then compute cosine for the k kept rows only (a common word matches everything).
      const sql = `SELECT p.*, vec_distance_cosine(p.embedding, ?) AS distance FROM (
          SELECT p.rowid AS rid, bm25(kb_fts) AS rank FROM kb_fts JOIN kb_passages p ON p.rowid = kb_fts.rowid
          WHERE kb_fts MATCH ? AND p.tenant = ? AND p.namespace = ? AND ${condition} ORDER BY rank LIMIT ${q.k}
        ) top JOIN kb_passages p ON p.rowid = top.rid ORDER BY top.rank`;
      return (database.prepare(sql).all(float32Bytes(q.vector), ...params) as Row[]).map(hitOf);
    },
    async delete(scope, clauses) {
      const database = await open();
      const params: unknown[] = [scope.tenant, scope.namespace];
      const condition = sqlCondition(sqliteDialect(params), clauses);
      return database.prepare(`DELETE FROM kb_passages WHERE rowid IN (SELECT p.rowid FROM kb_passages p WHERE p.tenant = ? AND p.namespace = ? AND ${condition})`).run(...params).changes;
    },
    async documentHash(scope, documentId) {
      const database = await open();
      const row = database.prepare('SELECT hash FROM kb_passages WHERE tenant = ? AND namespace = ? AND document_id = ? LIMIT 1').get(scope.tenant, scope.namespace, documentId) as Row | undefined;
      return row?.hash as string | undefined;
    },
    async check(dimensions): Promise<StoreCheck> {
      try {
        const database = await open();
        const version = (database.prepare('SELECT vec_version() AS v').get() as Row).v as string;
        const details = [`sqlite-vec ${version} loaded`, `file ${options.path}`];
        return { ok: true, store: 'sqlite', details: [...details, ...(await probePassage(store, dimensions))] };
      } catch (error) {
        return { ok: false, store: 'sqlite', details: [(error as Error).message] };
      }
    },
    async close() {
      db?.close();
      db = undefined;
      opening = undefined;
    },
  };
  return store;
}

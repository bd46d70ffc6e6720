import { headerRecord } from './header-record.js';
import type BetterSqlite3 from 'better-sqlite3';
import type { AppendOptions, AppendResult, LoadedSession, Owner, SessionRecord, SessionStoreV1, SessionSummary, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { loadDriver, type ModuleImporter } from './driver-loader.js';
import { newSessionId } from './ids.js';
import { cleanOwner } from './owner.js';
import { repairRecords } from './record-repair.js';
import { addFacts } from './session-facts.js';
import { alreadyExistsError, ioError, notFoundError, versionConflictError } from './session-errors.js';
import { checkedPrefix } from './sql-identifier.js';
import { sqliteSchema } from './sqlite-schema.js';
import { validateRecords } from './validate-records.js';

export interface SqliteStoreOptions {
  /** The database file (WAL mode); `:memory:` for a private in-process database. */
  path: string;
  /** Prefix of the table names (default `warden_`). */
  tablePrefix?: string;
  /** How long a writer waits for another process's write transaction (default 10 s). */
  busyTimeoutMs?: number;
  /** For tests: how the driver is imported. */
  importer?: ModuleImporter;
}

/** Every key of {@link SqliteStoreOptions}: the compiler keeps the list equal to the interface. */
export const SQLITE_STORE_KEYS = { path: true, tablePrefix: true, busyTimeoutMs: true, importer: true } satisfies OptionKeys<SqliteStoreOptions>;

export interface SqliteSessionStore extends SessionStoreV1 {
  close(): Promise<void>;
}

interface SessionRow {
  id: string;
  user_id: string | null;
  tenant_id: string | null;
  title: string;
  version: number;
  message_count: number;
  cost_usd: number;
  created_at: string;
  updated_at: string;
}

const ownerOf = (row: SessionRow): Owner => cleanOwner({ userId: row.user_id ?? undefined, tenantId: row.tenant_id ?? undefined });
const matches = (row: SessionRow, owner?: Owner): boolean =>
  (owner?.userId === undefined || owner.userId === row.user_id) && (owner?.tenantId === undefined || owner.tenantId === row.tenant_id);

/** Opens (and creates, on first use) a SQLite database with `better-sqlite3`, shared by the session and approval stores. */
export async function openSqliteDatabase(options: SqliteStoreOptions): Promise<BetterSqlite3.Database> {
  const Database = await loadDriver<typeof BetterSqlite3>('better-sqlite3', options.importer);
  try {
    const db = new Database(options.path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 10_000))}`);
    db.exec(sqliteSchema(checkedPrefix(options.tablePrefix ?? 'warden_')));
    return db;
  } catch (error) {
    throw ioError(`open the SQLite database`, error);
  }
}

/** Sessions in one SQLite file (WAL mode); an append is one IMMEDIATE transaction with a version compare. */
export function sqliteSessionStore(options: SqliteStoreOptions): SqliteSessionStore {
  strictOptions('sqliteSessionStore', SQLITE_STORE_KEYS, options);
  const p = checkedPrefix(options.tablePrefix ?? 'warden_');
  let opened: Promise<BetterSqlite3.Database> | undefined;
  const db = (): Promise<BetterSqlite3.Database> => (opened ??= openSqliteDatabase(options));

  const guard = <T>(what: string, fn: (d: BetterSqlite3.Database) => T): Promise<T> =>
    db().then((d) => {
      try {
        return fn(d);
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('session.')) throw error;
        if ((error as { code?: string }).code === 'SQLITE_BUSY') throw ioError(`${what} (the database stayed busy)`, error);
        throw ioError(what, error);
      }
    });

  const getRow = (d: BetterSqlite3.Database, id: string): SessionRow | undefined =>
    d.prepare(`SELECT * FROM ${p}sessions WHERE id = ?`).get(id) as SessionRow | undefined;

  return {
    specificationVersion: 'v1',
    create(init) {
      return guard('create a session', (d) => {
        const id = init.id ?? newSessionId();
        const owner = cleanOwner(init.owner);
        const now = new Date().toISOString();
        const header: SessionRecord = headerRecord(id, owner, init.title, now);
        d.transaction(() => {
          if (getRow(d, id)) throw alreadyExistsError(id);
          d.prepare(
            `INSERT INTO ${p}sessions (id, user_id, tenant_id, title, version, message_count, cost_usd, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 0, 0, ?, ?)`,
          ).run(id, owner.userId ?? null, owner.tenantId ?? null, init.title ?? '', now, now);
          d.prepare(`INSERT INTO ${p}records (session_id, seq, version, body) VALUES (?, 1, 1, ?)`).run(id, JSON.stringify(header));
        }).immediate();
        return { id, version: 1 };
      });
    },
    append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
      const records = validateRecords(input);
      return guard('append to a session', (d) =>
        d.transaction((): AppendResult => {
          const row = getRow(d, id);
          if (!row || !matches(row, opts.owner)) throw notFoundError(id);
          if (opts.opId !== undefined) {
            const done = d.prepare(`SELECT version FROM ${p}ops WHERE session_id = ? AND op_id = ?`).get(id, opts.opId) as { version: number } | undefined;
            if (done) return { version: done.version, duplicate: true };
          }
          if (row.version !== opts.expectedVersion) throw versionConflictError(id, row.version, opts.expectedVersion);
          const facts = addFacts({ title: row.title, messageCount: row.message_count, costUsd: row.cost_usd }, records);
          const version = row.version + 1;
          const bumped = d
            .prepare(`UPDATE ${p}sessions SET version = ?, title = ?, message_count = ?, cost_usd = ?, updated_at = ? WHERE id = ? AND version = ?`)
            .run(version, facts.title, facts.messageCount, facts.costUsd, new Date().toISOString(), id, row.version);
          if (bumped.changes !== 1) throw versionConflictError(id, undefined, opts.expectedVersion);
          const top = d.prepare(`SELECT COALESCE(MAX(seq), 0) AS seq FROM ${p}records WHERE session_id = ?`).get(id) as { seq: number };
          const insert = d.prepare(`INSERT INTO ${p}records (session_id, seq, version, body) VALUES (?, ?, ?, ?)`);
          records.forEach((r, i) => insert.run(id, top.seq + 1 + i, version, JSON.stringify(r)));
          if (opts.opId !== undefined) d.prepare(`INSERT INTO ${p}ops (session_id, op_id, version) VALUES (?, ?, ?)`).run(id, opts.opId, version);
          return { version };
        }).immediate(),
      );
    },
    load(id: string, owner?: Owner): Promise<LoadedSession> {
      return guard('load a session', (d) => {
        const { row, bodies } = d.transaction(() => ({
          row: getRow(d, id),
          bodies: d.prepare(`SELECT body FROM ${p}records WHERE session_id = ? ORDER BY seq`).all(id) as { body: string }[],
        }))();
        if (!row || !matches(row, owner)) throw notFoundError(id);
        const repaired = repairRecords(bodies.map((b) => JSON.parse(b.body) as SessionRecord));
        return { id, owner: ownerOf(row), version: row.version, records: repaired.records, warnings: repaired.warnings };
      });
    },
    list(query = {}) {
      return guard('list sessions', (d) => {
        const rows = d
          .prepare(
            `SELECT * FROM ${p}sessions WHERE (@user IS NULL OR user_id = @user) AND (@tenant IS NULL OR tenant_id = @tenant) ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT @limit`,
          )
          .all({ user: query.userId ?? null, tenant: query.tenantId ?? null, limit: query.limit ?? -1 }) as SessionRow[];
        return rows.map((row): SessionSummary => ({
          id: row.id,
          owner: ownerOf(row),
          title: row.title,
          messageCount: row.message_count,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
          costUsd: row.cost_usd,
          version: row.version,
        }));
      });
    },
    delete(id: string, owner?: Owner) {
      return guard('delete a session', (d) => {
        d.transaction(() => {
          const row = getRow(d, id);
          if (!row || !matches(row, owner)) throw notFoundError(id);
          d.prepare(`DELETE FROM ${p}records WHERE session_id = ?`).run(id);
          d.prepare(`DELETE FROM ${p}ops WHERE session_id = ?`).run(id);
          d.prepare(`DELETE FROM ${p}sessions WHERE id = ?`).run(id);
        }).immediate();
      });
    },
    async close() {
      if (opened) (await opened).close();
      opened = undefined;
    },
  };
}

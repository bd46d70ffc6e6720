import { headerRecord } from './header-record.js';
import type { AppendOptions, AppendResult, LoadedSession, Owner, SessionRecord, SessionStoreV1, SessionSummary } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { newSessionId } from './ids.js';
import { affected, MYSQL_STORE_KEYS, mysqlHandle, rowsOf, type MysqlPoolLike, type MysqlQueryable, type MysqlStoreOptions } from './mysql-pool.js';
import { cleanOwner } from './owner.js';
import { repairRecords } from './record-repair.js';
import { addFacts, emptyFacts } from './session-facts.js';
import { alreadyExistsError, asStoreError, notFoundError, versionConflictError } from './session-errors.js';
import { validateRecords } from './validate-records.js';

export interface MysqlSessionStore extends SessionStoreV1 {
  close(): Promise<void>;
}

interface Row {
  id: string;
  user_id: string | null;
  tenant_id: string | null;
  title: string;
  version: number;
  message_count: number;
  cost_usd: number | string;
  created_at: string;
  updated_at: string;
}

const ownerOf = (row: { user_id: string | null; tenant_id: string | null }): Owner =>
  cleanOwner({ userId: row.user_id ?? undefined, tenantId: row.tenant_id ?? undefined });

const owns = (owner: Owner | undefined, row: { user_id: string | null; tenant_id: string | null }): boolean =>
  (owner?.userId === undefined || owner.userId === row.user_id) && (owner?.tenantId === undefined || owner.tenantId === row.tenant_id);

/** `DATETIME(6)` text read as UTC (the pool sets `timezone: 'Z'`). */
const isoOf = (value: string): string => new Date(`${value.replace(' ', 'T')}Z`).toISOString();

/** Runs `work` in one transaction on one connection; rolls back on any error. */
async function inTransaction<T>(pool: MysqlPoolLike, work: (c: MysqlQueryable) => Promise<T>): Promise<T> {
  const connection = await pool.getConnection();
  try {
    await connection.query('START TRANSACTION');
    try {
      const out = await work(connection);
      await connection.query('COMMIT');
      return out;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    connection.release();
  }
}

/**
 * Sessions in MySQL or MariaDB (`mysql2`). The schema is created on first use. MariaDB has no
 * data-changing CTEs, so an append is one short transaction instead: it locks the session row
 * (`SELECT … FOR UPDATE`), answers a known opId with its version, refuses a stale expected version,
 * then inserts the records and the opId and bumps the version — concurrent writers queue on the row
 * lock and every loser sees the conflict.
 */
export function mysqlSessionStore(options: MysqlStoreOptions): MysqlSessionStore {
  strictOptions('mysqlSessionStore', MYSQL_STORE_KEYS, options);
  const handle = mysqlHandle(options);
  const p = handle.prefix;

  async function run<T>(what: string, fn: (pool: MysqlPoolLike) => Promise<T>): Promise<T> {
    const pool = await handle.ready();
    return asStoreError(what, () => fn(pool));
  }

  return {
    specificationVersion: 'v1',
    create(init) {
      return run('create a session', async (pool) => {
        const id = init.id ?? newSessionId();
        const owner = cleanOwner(init.owner);
        const header: SessionRecord = headerRecord(id, owner, init.title, new Date().toISOString());
        return inTransaction(pool, async (c) => {
          const inserted = await c.query(`INSERT IGNORE INTO ${p}sessions (id, user_id, tenant_id, title, version, next_seq) VALUES (?, ?, ?, ?, 1, 2)`, [
            id,
            owner.userId ?? null,
            owner.tenantId ?? null,
            init.title ?? '',
          ]);
          if (affected(inserted) !== 1) throw alreadyExistsError(id);
          await c.query(`INSERT INTO ${p}records (session_id, seq, version, body) VALUES (?, 1, 1, ?)`, [id, JSON.stringify(header)]);
          return { id, version: 1 };
        });
      });
    },
    append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
      const records = validateRecords(input);
      return run('append to a session', (pool) =>
        inTransaction(pool, async (c) => {
          const facts = addFacts(emptyFacts(), records);
          const owner = opts.owner;
          const found = rowsOf<{ version: number; next_seq: number | string; title: string; user_id: string | null; tenant_id: string | null }>(
            await c.query(`SELECT version, next_seq, title, user_id, tenant_id FROM ${p}sessions WHERE id = ? FOR UPDATE`, [id]),
          );
          const row = found[0];
          if (!row || !owns(owner, row)) throw notFoundError(id);
          if (opts.opId !== undefined) {
            const op = rowsOf<{ version: number }>(await c.query(`SELECT version FROM ${p}ops WHERE session_id = ? AND op_id = ?`, [id, opts.opId]));
            if (op[0]) return { version: op[0].version, duplicate: true };
          }
          if (row.version !== opts.expectedVersion) throw versionConflictError(id, row.version, opts.expectedVersion);
          const version = row.version + 1;
          const first = Number(row.next_seq);
          if (records.length > 0) {
            const placeholders = records.map(() => '(?, ?, ?, ?)').join(', ');
            const values = records.flatMap((record, i) => [id, first + i, version, JSON.stringify(record)]);
            await c.query(`INSERT INTO ${p}records (session_id, seq, version, body) VALUES ${placeholders}`, values);
          }
          if (opts.opId !== undefined) await c.query(`INSERT INTO ${p}ops (session_id, op_id, version) VALUES (?, ?, ?)`, [id, opts.opId, version]);
          await c.query(
            `UPDATE ${p}sessions
                SET version = ?, next_seq = next_seq + ?, message_count = message_count + ?, cost_usd = cost_usd + ?,
                    title = CASE WHEN title = '' THEN ? ELSE title END, updated_at = CURRENT_TIMESTAMP(6)
              WHERE id = ?`,
            [version, records.length, facts.messageCount, facts.costUsd, facts.title, id],
          );
          return { version };
        }),
      );
    },
    load(id: string, owner?: Owner): Promise<LoadedSession> {
      return run('load a session', async (pool) => {
        // One statement, so the header and the records are one consistent read.
        const rows = rowsOf<{ version: number; user_id: string | null; tenant_id: string | null; body: string | null }>(
          await pool.query(
            `SELECT s.version, s.user_id, s.tenant_id, r.body
               FROM ${p}sessions s LEFT JOIN ${p}records r ON r.session_id = s.id
              WHERE s.id = ? ORDER BY r.seq`,
            [id],
          ),
        );
        const first = rows[0];
        if (!first || !owns(owner, first)) throw notFoundError(id);
        const records = rows.filter((r) => r.body !== null).map((r) => JSON.parse(r.body!) as SessionRecord);
        const repaired = repairRecords(records);
        return { id, owner: ownerOf(first), version: first.version, records: repaired.records, warnings: repaired.warnings };
      });
    },
    list(query = {}) {
      return run('list sessions', async (pool) => {
        const limit = query.limit === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(query.limit))}`;
        const rows = rowsOf<Row>(
          await pool.query(
            `SELECT id, user_id, tenant_id, title, version, message_count, cost_usd, created_at, updated_at FROM ${p}sessions
              WHERE (? IS NULL OR user_id = ?) AND (? IS NULL OR tenant_id = ?)
              ORDER BY updated_at DESC, created_at DESC, id DESC${limit}`,
            [query.userId ?? null, query.userId ?? null, query.tenantId ?? null, query.tenantId ?? null],
          ),
        );
        return rows.map((row): SessionSummary => ({
          id: row.id,
          owner: ownerOf(row),
          title: row.title,
          messageCount: row.message_count,
          createdAt: isoOf(row.created_at),
          updatedAt: isoOf(row.updated_at),
          costUsd: Number(row.cost_usd),
          version: row.version,
        }));
      });
    },
    delete(id: string, owner?: Owner) {
      return run('delete a session', async (pool) => {
        const result = await pool.query(`DELETE FROM ${p}sessions WHERE id = ? AND (? IS NULL OR user_id = ?) AND (? IS NULL OR tenant_id = ?)`, [
          id,
          owner?.userId ?? null,
          owner?.userId ?? null,
          owner?.tenantId ?? null,
          owner?.tenantId ?? null,
        ]);
        if (affected(result) !== 1) throw notFoundError(id);
      });
    },
    close: () => handle.close(),
  };
}

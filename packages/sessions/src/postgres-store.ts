import { headerRecord } from './header-record.js';
import type { AppendOptions, AppendResult, LoadedSession, Owner, SessionRecord, SessionStoreV1, SessionSummary } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { newSessionId } from './ids.js';
import { cleanOwner } from './owner.js';
import { POSTGRES_STORE_KEYS, postgresHandle, type PgPoolLike, type PostgresStoreOptions } from './postgres-pool.js';
import { repairRecords } from './record-repair.js';
import { addFacts, emptyFacts } from './session-facts.js';
import { alreadyExistsError, asStoreError, notFoundError, versionConflictError } from './session-errors.js';
import { validateRecords } from './validate-records.js';

export interface PostgresSessionStore extends SessionStoreV1 {
  close(): Promise<void>;
}

interface Row {
  id: string;
  user_id: string | null;
  tenant_id: string | null;
  title: string;
  version: number;
  message_count: number;
  cost_usd: number;
  created_at: Date;
  updated_at: Date;
}

const ownerOf = (row: { user_id: string | null; tenant_id: string | null }): Owner =>
  cleanOwner({ userId: row.user_id ?? undefined, tenantId: row.tenant_id ?? undefined });

/**
 * Sessions in PostgreSQL (`pg`). The schema is created on first use. An append is one statement: it
 * bumps the version only if it is still the expected one and the opId is new, and inserts the records
 * and the opId in the same statement.
 */
export function postgresSessionStore(options: PostgresStoreOptions): PostgresSessionStore {
  strictOptions('postgresSessionStore', POSTGRES_STORE_KEYS, options);
  const handle = postgresHandle(options);
  const p = handle.prefix;

  async function run<T>(what: string, fn: (pool: PgPoolLike) => Promise<T>): Promise<T> {
    const pool = await handle.ready();
    return asStoreError(what, () => fn(pool));
  }

  const appendSql = `
WITH s AS (
  UPDATE ${p}sessions
     SET version = version + 1,
         next_seq = next_seq + $5::int,
         message_count = message_count + $6::int,
         cost_usd = cost_usd + $7::float8,
         title = CASE WHEN title = '' THEN $8::text ELSE title END,
         updated_at = clock_timestamp()
   WHERE id = $1 AND version = $2
     AND ($3::text IS NULL OR user_id = $3) AND ($4::text IS NULL OR tenant_id = $4)
     AND ($9::text IS NULL OR NOT EXISTS (SELECT 1 FROM ${p}ops WHERE session_id = $1 AND op_id = $9))
  RETURNING version, next_seq - $5::int AS first_seq
), r AS (
  INSERT INTO ${p}records (session_id, seq, version, body)
  SELECT $1, s.first_seq + e.ord - 1, s.version, e.body
    FROM s, json_array_elements_text($10::json) WITH ORDINALITY AS e(body, ord)
), o AS (
  INSERT INTO ${p}ops (session_id, op_id, version) SELECT $1, $9, s.version FROM s WHERE $9::text IS NOT NULL
)
SELECT version FROM s`;

  return {
    specificationVersion: 'v1',
    create(init) {
      return run('create a session', async (pool) => {
        const id = init.id ?? newSessionId();
        const owner = cleanOwner(init.owner);
        const header: SessionRecord = headerRecord(id, owner, init.title, new Date().toISOString());
        const { rowCount } = await pool.query(
          `WITH s AS (
             INSERT INTO ${p}sessions (id, user_id, tenant_id, title, version, next_seq) VALUES ($1, $2, $3, $4, 1, 2)
             ON CONFLICT (id) DO NOTHING RETURNING id
           )
           INSERT INTO ${p}records (session_id, seq, version, body) SELECT id, 1, 1, $5 FROM s`,
          [id, owner.userId ?? null, owner.tenantId ?? null, init.title ?? '', JSON.stringify(header)],
        );
        if (rowCount !== 1) throw alreadyExistsError(id);
        return { id, version: 1 };
      });
    },
    append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
      const records = validateRecords(input);
      return run('append to a session', async (pool) => {
        const facts = addFacts(emptyFacts(), records);
        const owner = opts.owner;
        const { rows } = await pool.query<{ version: number }>(appendSql, [
          id,
          opts.expectedVersion,
          owner?.userId ?? null,
          owner?.tenantId ?? null,
          records.length,
          facts.messageCount,
          facts.costUsd,
          facts.title,
          opts.opId ?? null,
          JSON.stringify(records.map((r) => JSON.stringify(r))),
        ]);
        if (rows[0]) return { version: rows[0].version };
        // Nothing changed: find out why, in the order the contract answers.
        const { rows: found } = await pool.query<{ version: number; user_id: string | null; tenant_id: string | null; op_version: number | null }>(
          `SELECT s.version, s.user_id, s.tenant_id, o.version AS op_version
             FROM ${p}sessions s LEFT JOIN ${p}ops o ON o.session_id = s.id AND o.op_id = $2
            WHERE s.id = $1`,
          [id, opts.opId ?? null],
        );
        const row = found[0];
        if (!row || (owner?.userId !== undefined && owner.userId !== row.user_id) || (owner?.tenantId !== undefined && owner.tenantId !== row.tenant_id)) {
          throw notFoundError(id);
        }
        if (row.op_version !== null) return { version: row.op_version, duplicate: true };
        throw versionConflictError(id, row.version, opts.expectedVersion);
      });
    },
    load(id: string, owner?: Owner): Promise<LoadedSession> {
      return run('load a session', async (pool) => {
        const { rows } = await pool.query<{ version: number; user_id: string | null; tenant_id: string | null; body: string | null }>(
          `SELECT s.version, s.user_id, s.tenant_id, r.body
             FROM ${p}sessions s LEFT JOIN ${p}records r ON r.session_id = s.id
            WHERE s.id = $1 AND ($2::text IS NULL OR s.user_id = $2) AND ($3::text IS NULL OR s.tenant_id = $3)
            ORDER BY r.seq`,
          [id, owner?.userId ?? null, owner?.tenantId ?? null],
        );
        const first = rows[0];
        if (!first) throw notFoundError(id);
        const records = rows.filter((r) => r.body !== null).map((r) => JSON.parse(r.body!) as SessionRecord);
        const repaired = repairRecords(records);
        return { id, owner: ownerOf(first), version: first.version, records: repaired.records, warnings: repaired.warnings };
      });
    },
    list(query = {}) {
      return run('list sessions', async (pool) => {
        const { rows } = await pool.query<Row>(
          `SELECT id, user_id, tenant_id, title, version, message_count, cost_usd, created_at, updated_at FROM ${p}sessions
            WHERE ($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR tenant_id = $2)
            ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT $3`,
          [query.userId ?? null, query.tenantId ?? null, query.limit ?? null],
        );
        return rows.map((row): SessionSummary => ({
          id: row.id,
          owner: ownerOf(row),
          title: row.title,
          messageCount: row.message_count,
          createdAt: new Date(row.created_at).toISOString(),
          updatedAt: new Date(row.updated_at).toISOString(),
          costUsd: Number(row.cost_usd),
          version: row.version,
        }));
      });
    },
    delete(id: string, owner?: Owner) {
      return run('delete a session', async (pool) => {
        const { rowCount } = await pool.query(
          `DELETE FROM ${p}sessions WHERE id = $1 AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR tenant_id = $3)`,
          [id, owner?.userId ?? null, owner?.tenantId ?? null],
        );
        if (rowCount !== 1) throw notFoundError(id);
      });
    },
    close: () => handle.close(),
  };
}

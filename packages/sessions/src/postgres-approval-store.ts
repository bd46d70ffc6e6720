import type { ApprovalStoreV1, Owner, StoredApproval } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { approvalFromRow, approvalOwner, applyAnswer, effectiveStatus, validateApprovalRequest, withEffectiveStatus, type ApprovalRow } from './approval-state.js';
import { ownerMatches } from '@warden/protocol/policy';
import { POSTGRES_STORE_KEYS, postgresHandle, type PgPoolLike, type PostgresStoreOptions } from './postgres-pool.js';
import { asStoreError, notFoundError } from './session-errors.js';

export interface PostgresApprovalStore extends ApprovalStoreV1 {
  close(): Promise<void>;
}

type Row = ApprovalRow;

/** Durable approvals in PostgreSQL; answering and claiming are single conditional UPDATEs. */
export function postgresApprovalStore(options: PostgresStoreOptions): PostgresApprovalStore {
  strictOptions('postgresApprovalStore', POSTGRES_STORE_KEYS, options);
  const handle = postgresHandle(options);
  const p = handle.prefix;
  async function run<T>(what: string, fn: (pool: PgPoolLike) => Promise<T>): Promise<T> {
    const pool = await handle.ready();
    return asStoreError(what, () => fn(pool));
  }
  const select = `SELECT request, status, answer, claimed_by FROM ${p}approvals`;
  const fetch = async (pool: PgPoolLike, id: string): Promise<StoredApproval | undefined> => {
    const { rows } = await pool.query<Row>(`${select} WHERE id = $1`, [id]);
    return rows[0] ? approvalFromRow(rows[0]) : undefined;
  };

  return {
    specificationVersion: 'v1',
    put(input) {
      const request = validateApprovalRequest(input);
      const owner = approvalOwner(request);
      return run('store an approval', async (pool) => {
        await pool.query(
          `INSERT INTO ${p}approvals (id, user_id, tenant_id, status, request) VALUES ($1, $2, $3, 'pending', $4) ON CONFLICT (id) DO NOTHING`,
          [request.id, owner.userId ?? null, owner.tenantId ?? null, JSON.stringify(request)],
        );
      });
    },
    get(id, owner?: Owner) {
      return run('read an approval', async (pool) => {
        const item = await fetch(pool, id);
        return item && ownerMatches(approvalOwner(item.request), owner) ? withEffectiveStatus(item) : undefined;
      });
    },
    list(query) {
      return run('list approvals', async (pool) => {
        const { rows } = await pool.query<Row>(
          `${select} WHERE ($1::text IS NULL OR user_id = $1) AND ($2::text IS NULL OR tenant_id = $2) ORDER BY created_at, id`,
          [query.owner?.userId ?? null, query.owner?.tenantId ?? null],
        );
        const now = Date.now();
        return rows
          .map(approvalFromRow)
          .filter((item) => !query.status || effectiveStatus(item, now) === query.status)
          .slice(0, query.limit ?? rows.length)
          .map((item) => withEffectiveStatus(item, now));
      });
    },
    answer(id, answer, owner?: Owner) {
      return run('answer an approval', async (pool) => {
        const item = await fetch(pool, id);
        if (!item || !ownerMatches(approvalOwner(item.request), owner)) throw notFoundError(id, 'approval');
        const next = applyAnswer(item, answer);
        if (next.answer === item.answer) return next;
        const { rowCount } = await pool.query(`UPDATE ${p}approvals SET status = $2, answer = $3 WHERE id = $1 AND status = 'pending'`, [
          id,
          next.status,
          JSON.stringify(next.answer),
        ]);
        // Someone else answered in between: theirs came first and stands.
        return rowCount === 1 ? next : withEffectiveStatus((await fetch(pool, id)) ?? item);
      });
    },
    claim(id, claimer) {
      return run('claim an approval', async (pool) => {
        const { rowCount } = await pool.query(
          `UPDATE ${p}approvals SET claimed_by = $2 WHERE id = $1 AND claimed_by IS NULL AND status IN ('approved', 'denied')`,
          [id, claimer],
        );
        return rowCount === 1;
      });
    },
    close: () => handle.close(),
  };
}

import type { ApprovalStoreV1, Owner, StoredApproval } from '@warden/protocol';
import { ownerMatches } from '@warden/protocol/policy';
import { strictOptions } from '@warden/protocol/checks';
import { approvalFromRow, approvalOwner, applyAnswer, effectiveStatus, validateApprovalRequest, withEffectiveStatus, type ApprovalRow } from './approval-state.js';
import { affected, MYSQL_STORE_KEYS, mysqlHandle, rowsOf, type MysqlPoolLike, type MysqlStoreOptions } from './mysql-pool.js';
import { asStoreError, notFoundError } from './session-errors.js';

export interface MysqlApprovalStore extends ApprovalStoreV1 {
  close(): Promise<void>;
}

/** Durable approvals in MySQL or MariaDB; answering and claiming are single conditional UPDATEs. */
export function mysqlApprovalStore(options: MysqlStoreOptions): MysqlApprovalStore {
  strictOptions('mysqlApprovalStore', MYSQL_STORE_KEYS, options);
  const handle = mysqlHandle(options);
  const p = handle.prefix;
  async function run<T>(what: string, fn: (pool: MysqlPoolLike) => Promise<T>): Promise<T> {
    const pool = await handle.ready();
    return asStoreError(what, () => fn(pool));
  }
  const select = `SELECT request, status, answer, claimed_by FROM ${p}approvals`;
  const fetch = async (pool: MysqlPoolLike, id: string): Promise<StoredApproval | undefined> => {
    const rows = rowsOf<ApprovalRow>(await pool.query(`${select} WHERE id = ?`, [id]));
    return rows[0] ? approvalFromRow(rows[0]) : undefined;
  };

  return {
    specificationVersion: 'v1',
    put(input) {
      const request = validateApprovalRequest(input);
      const owner = approvalOwner(request);
      return run('store an approval', async (pool) => {
        await pool.query(`INSERT IGNORE INTO ${p}approvals (id, user_id, tenant_id, status, request) VALUES (?, ?, ?, 'pending', ?)`, [
          request.id,
          owner.userId ?? null,
          owner.tenantId ?? null,
          JSON.stringify(request),
        ]);
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
        const rows = rowsOf<ApprovalRow>(
          await pool.query(`${select} WHERE (? IS NULL OR user_id = ?) AND (? IS NULL OR tenant_id = ?) ORDER BY created_at, id`, [
            query.owner?.userId ?? null,
            query.owner?.userId ?? null,
            query.owner?.tenantId ?? null,
            query.owner?.tenantId ?? null,
          ]),
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
        const result = await pool.query(`UPDATE ${p}approvals SET status = ?, answer = ? WHERE id = ? AND status = 'pending'`, [next.status, JSON.stringify(next.answer), id]);
        // Someone else answered in between: theirs came first and stands.
        return affected(result) === 1 ? next : withEffectiveStatus((await fetch(pool, id)) ?? item);
      });
    },
    claim(id, claimer) {
      return run('claim an approval', async (pool) => {
        const result = await pool.query(`UPDATE ${p}approvals SET claimed_by = ? WHERE id = ? AND claimed_by IS NULL AND status IN ('approved', 'denied')`, [claimer, id]);
        return affected(result) === 1;
      });
    },
    close: () => handle.close(),
  };
}

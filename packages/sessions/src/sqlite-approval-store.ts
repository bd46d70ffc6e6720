import type BetterSqlite3 from 'better-sqlite3';
import type { ApprovalStoreV1, Owner, StoredApproval } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { approvalFromRow, approvalOwner, applyAnswer, claimable, effectiveStatus, validateApprovalRequest, withEffectiveStatus } from './approval-state.js';
import type { ApprovalRow } from './approval-state.js';
import { ownerMatches } from '@warden/protocol/policy';
import { ioError, notFoundError } from './session-errors.js';
import { checkedPrefix } from './sql-identifier.js';
import { SQLITE_STORE_KEYS, openSqliteDatabase, type SqliteStoreOptions } from './sqlite-store.js';

export interface SqliteApprovalStore extends ApprovalStoreV1 {
  close(): Promise<void>;
}

/** Durable approvals in the SQLite file of the session store; `claim` is one conditional UPDATE. */
export function sqliteApprovalStore(options: SqliteStoreOptions): SqliteApprovalStore {
  strictOptions('sqliteApprovalStore', SQLITE_STORE_KEYS, options);
  const p = checkedPrefix(options.tablePrefix ?? 'warden_');
  let opened: Promise<BetterSqlite3.Database> | undefined;
  const guard = <T>(what: string, fn: (d: BetterSqlite3.Database) => T): Promise<T> =>
    (opened ??= openSqliteDatabase(options)).then((d) => {
      try {
        return fn(d);
      } catch (error) {
        if ((error as { code?: string }).code?.startsWith('session.')) throw error;
        throw ioError(what, error);
      }
    });
  const row = (d: BetterSqlite3.Database, id: string): ApprovalRow | undefined =>
    d.prepare(`SELECT request, status, answer, claimed_by FROM ${p}approvals WHERE id = ?`).get(id) as ApprovalRow | undefined;

  return {
    specificationVersion: 'v1',
    put(input) {
      const request = validateApprovalRequest(input);
      const owner = approvalOwner(request);
      return guard('store an approval', (d) => {
        d.prepare(
          `INSERT OR IGNORE INTO ${p}approvals (id, user_id, tenant_id, status, request, created_at) VALUES (?, ?, ?, 'pending', ?, ?)`,
        ).run(request.id, owner.userId ?? null, owner.tenantId ?? null, JSON.stringify(request), request.createdAt);
      });
    },
    get(id, owner?: Owner) {
      return guard('read an approval', (d) => {
        const found = row(d, id);
        if (!found) return undefined;
        const item = approvalFromRow(found);
        return ownerMatches(approvalOwner(item.request), owner) ? withEffectiveStatus(item) : undefined;
      });
    },
    list(query) {
      return guard('list approvals', (d) => {
        const rows = d
          .prepare(
            `SELECT request, status, answer, claimed_by FROM ${p}approvals
              WHERE (@user IS NULL OR user_id = @user) AND (@tenant IS NULL OR tenant_id = @tenant)
              ORDER BY created_at, id`,
          )
          .all({ user: query.owner?.userId ?? null, tenant: query.owner?.tenantId ?? null }) as ApprovalRow[];
        const now = Date.now();
        return rows
          .map(approvalFromRow)
          .filter((item) => !query.status || effectiveStatus(item, now) === query.status)
          .slice(0, query.limit ?? rows.length)
          .map((item) => withEffectiveStatus(item, now));
      });
    },
    answer(id, answer, owner?: Owner) {
      return guard('answer an approval', (d) =>
        d.transaction((): StoredApproval => {
          const found = row(d, id);
          const item = found ? approvalFromRow(found) : undefined;
          if (!item || !ownerMatches(approvalOwner(item.request), owner)) throw notFoundError(id, 'approval');
          const next = applyAnswer(item, answer);
          if (next.answer !== item.answer) {
            d.prepare(`UPDATE ${p}approvals SET status = ?, answer = ? WHERE id = ? AND status = 'pending'`).run(next.status, JSON.stringify(next.answer), id);
          }
          return next;
        }).immediate(),
      );
    },
    claim(id, claimer) {
      return guard('claim an approval', (d) => {
        const found = row(d, id);
        if (!found || !claimable(approvalFromRow(found))) return false;
        const { changes } = d
          .prepare(`UPDATE ${p}approvals SET claimed_by = ? WHERE id = ? AND claimed_by IS NULL AND status IN ('approved', 'denied')`)
          .run(claimer, id);
        return changes === 1;
      });
    },
    async close() {
      if (opened) (await opened).close();
      opened = undefined;
    },
  };
}

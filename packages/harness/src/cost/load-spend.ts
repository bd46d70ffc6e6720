import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys, Owner, SessionStoreV1 } from '@warden/protocol';
import type { PriceTable } from '@warden/providers/catalog';
import { createCostTracker, type CostTracker } from './cost-tracker.js';
import { runSpendOf } from './run-spend.js';

export interface SpendQuery {
  /** Only runs that ended at or after this time. */
  since?: Date;
  /** Only sessions of this owner (as the store filters them). */
  owner?: Owner;
  /** Sessions to read, newest first (default 1000). */
  limit?: number;
}

const SPEND_QUERY_KEYS = { since: true, owner: true, limit: true } as const satisfies OptionKeys<SpendQuery>;

/** A cost tracker filled from the stored sessions of a store (the data of `warden report`). */
export async function trackStoredSpend(store: SessionStoreV1, prices: PriceTable, given: SpendQuery = {}): Promise<CostTracker> {
  const query = strictOptions('trackStoredSpend', SPEND_QUERY_KEYS, given);
  const tracker = createCostTracker(prices);
  const since = query.since?.getTime();
  const summaries = await store.list({ limit: query.limit ?? 1000, ...(query.owner?.userId !== undefined ? { userId: query.owner.userId } : {}), ...(query.owner?.tenantId !== undefined ? { tenantId: query.owner.tenantId } : {}) });
  for (const summary of summaries) {
    if (since !== undefined && Date.parse(summary.updatedAt) < since) continue;
    const session = await store.load(summary.id, summary.owner);
    let previousEnd = session.records.find((r) => r.type === 'header')?.at ?? summary.createdAt;
    for (const run of runSpendOf(session)) {
      const start = previousEnd;
      previousEnd = run.at;
      if (since !== undefined && Date.parse(run.at) < since) continue;
      tracker.addRun(run, { start, end: run.at });
    }
  }
  return tracker;
}

import { createCostTracker, runSpendOf, type CostTracker, type SpendReport, type SpendRow } from '@warden/harness';
import { createPriceTable, type PriceTable } from '@warden/providers/catalog';
import type { SessionSource } from './console-sources.js';

/** `warden report`'s figures over every configured store, plus the two breakdowns it has no flag for: day and agent version. */
export interface ConsoleSpend {
  report: SpendReport;
  byDay: SpendRow[];
  byVersion: SpendRow[];
}

/** Sessions read per store, as `warden report` reads (newest first). */
const SPEND_SESSION_LIMIT = 1000;

function keyed(trackers: Map<string, CostTracker>, key: string, prices: PriceTable): CostTracker {
  let tracker = trackers.get(key);
  if (!tracker) trackers.set(key, (tracker = createCostTracker(prices)));
  return tracker;
}

function rows(trackers: Map<string, CostTracker>): SpendRow[] {
  return [...trackers].map(([key, tracker]) => ({ ...tracker.report().totals, key }));
}

/**
 * The same composition as harness's `trackStoredSpend` (runSpendOf into one cost tracker, runs
 * spanning from the previous run's end), over several stores; the day and version rows are trackers
 * of their own, so every figure is priced the one way `warden report` prices it.
 */
export async function consoleSpend(sources: readonly SessionSource[], prices: PriceTable = createPriceTable()): Promise<ConsoleSpend> {
  const all = createCostTracker(prices);
  const days = new Map<string, CostTracker>();
  const versions = new Map<string, CostTracker>();
  for (const { store } of sources) {
    for (const summary of await store.list({ limit: SPEND_SESSION_LIMIT })) {
      const session = await store.load(summary.id, summary.owner).catch(() => undefined);
      if (!session) continue;
      const versionOf = new Map<string, string>();
      for (const r of session.records) {
        if (r.type !== 'meta' || r.key !== 'run' || typeof r.value !== 'object' || r.value === null || Array.isArray(r.value)) continue;
        const { runId, agentVersion } = r.value as Record<string, unknown>;
        if (typeof runId === 'string' && typeof agentVersion === 'string') versionOf.set(runId, agentVersion);
      }
      let previousEnd = session.records.find((r) => r.type === 'header')?.at ?? summary.createdAt;
      for (const run of runSpendOf(session)) {
        const span = { start: previousEnd, end: run.at };
        previousEnd = run.at;
        all.addRun(run, span);
        keyed(days, run.at.slice(0, 10), prices).addRun(run, span);
        keyed(versions, versionOf.get(run.runId) ?? '(none)', prices).addRun(run, span);
      }
    }
  }
  return { report: all.report(), byDay: rows(days).sort((a, b) => a.key.localeCompare(b.key)), byVersion: rows(versions).sort((a, b) => b.costUsd - a.costUsd) };
}

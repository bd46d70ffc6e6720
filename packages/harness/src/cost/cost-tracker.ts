import { addUsage, emptyUsage, type Owner, type Usage } from '@warden/protocol';
import type { SpendLine } from '@warden/core';
import type { PriceTable } from '@warden/providers/catalog';
import type { SpendDimension, SpendReport, SpendRow } from './cost-report.js';
import type { RunSpend } from './run-spend.js';

/** An estimate recorded without a real call (Argentum's `record_usage`). */
export interface UsageEstimate {
  agent: string;
  provider: string;
  model: string;
  usage: Usage;
  task?: string;
  owner?: Owner;
  runId?: string;
  at?: string;
}

export interface CostTracker {
  /** Adds a stored run (see `runSpendOf`). */
  addRun(run: RunSpend, span?: { start: string; end: string }): void;
  /** Adds usage that no stored run holds (an estimate, a call made elsewhere); priced from the table. */
  recordUsage(estimate: UsageEstimate): void;
  report(options?: { since?: string }): SpendReport;
}

interface Entry {
  runId: string;
  agent: string;
  model: string;
  task: string;
  owner: string;
  calls: number;
  usage: Usage;
  costUsd: number;
  unknownCostCalls: number;
}

/** An owner as a spend key: `tenant/user`, or `(none)`. */
export function ownerName(owner: Owner | undefined): string {
  if (!owner || (owner.userId === undefined && owner.tenantId === undefined)) return '(none)';
  return [owner.tenantId, owner.userId].filter((p) => p !== undefined).join('/');
}

/**
 * Aggregates spend by run, agent, model, task and owner. A line is priced from the table when it
 * knows the model (so a config override applies), else by the cost its provider recorded when every
 * call was priced, else its calls count as of unknown cost — never as $0.
 */
export function createCostTracker(prices: PriceTable): CostTracker {
  const entries: Entry[] = [];
  const unknown = new Set<string>();
  const spans: Array<{ start: number; end: number }> = [];
  const toolCache = { hits: 0, misses: 0 };

  const price = (line: SpendLine): { costUsd: number; unknownCostCalls: number } => {
    const fromTable = prices.costOf(line.provider, line.model, line.usage);
    if (fromTable !== undefined) return { costUsd: fromTable, unknownCostCalls: 0 };
    if (line.unpricedCalls === 0 && line.calls > 0) return { costUsd: line.costUsd, unknownCostCalls: 0 };
    if (line.calls > 0) unknown.add(`${line.provider}/${line.model}`);
    return { costUsd: line.costUsd, unknownCostCalls: line.unpricedCalls };
  };

  const add = (runId: string, line: SpendLine, task: string | undefined, owner: Owner | undefined): void => {
    entries.push({ runId, agent: line.agent, model: `${line.provider}/${line.model}`, task: task ?? '(none)', owner: ownerName(owner), calls: line.calls, usage: { ...line.usage }, ...price(line) });
  };

  return {
    addRun(run, span) {
      for (const line of run.lines) add(run.runId, line, run.task, run.owner);
      toolCache.hits += run.toolCache?.hits ?? 0;
      toolCache.misses += run.toolCache?.misses ?? 0;
      if (span) spans.push({ start: Date.parse(span.start), end: Date.parse(span.end) });
    },
    recordUsage(estimate) {
      const line: SpendLine = { agent: estimate.agent, provider: estimate.provider, model: estimate.model, calls: 1, unpricedCalls: 1, usage: { ...emptyUsage(), ...estimate.usage }, costUsd: 0 };
      add(estimate.runId ?? 'estimate', line, estimate.task, estimate.owner);
    },
    report(options = {}) {
      const rowsBy = (dimension: SpendDimension): SpendRow[] => {
        const groups = new Map<string, Entry[]>();
        for (const entry of entries) {
          const key = dimension === 'run' ? entry.runId : entry[dimension];
          groups.set(key, [...(groups.get(key) ?? []), entry]);
        }
        return [...groups.entries()].map(([key, group]) => rowOf(key, group)).sort((a, b) => b.costUsd - a.costUsd || a.key.localeCompare(b.key));
      };
      return {
        ...(options.since ? { since: options.since } : {}),
        totals: rowOf('total', entries),
        by: { agent: rowsBy('agent'), model: rowsBy('model'), task: rowsBy('task'), owner: rowsBy('owner'), run: rowsBy('run') },
        unknownModels: [...unknown].sort(),
        peakConcurrency: peak(spans),
        toolCache: { ...toolCache, hitRate: toolCache.hits + toolCache.misses > 0 ? toolCache.hits / (toolCache.hits + toolCache.misses) : 0 },
      };
    },
  };
}

function rowOf(key: string, group: readonly Entry[]): SpendRow {
  let usage = emptyUsage();
  let costUsd = 0;
  let calls = 0;
  let unknownCostCalls = 0;
  for (const entry of group) {
    usage = addUsage(usage, entry.usage);
    costUsd += entry.costUsd;
    calls += entry.calls;
    unknownCostCalls += entry.unknownCostCalls;
  }
  return { key, runs: new Set(group.map((e) => e.runId)).size, calls, usage, costUsd, unknownCostCalls, cacheHitRate: usage.inputTokens > 0 ? usage.cacheReadTokens / usage.inputTokens : 0 };
}

function peak(spans: ReadonlyArray<{ start: number; end: number }>): number {
  const points = spans.filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end)).flatMap((s) => [{ t: s.start, d: 1 }, { t: s.end, d: -1 }]);
  points.sort((a, b) => a.t - b.t || b.d - a.d);
  let now = 0;
  let max = 0;
  for (const p of points) {
    now += p.d;
    max = Math.max(max, now);
  }
  return max;
}

import { addUsage, emptyUsage, type LoadedSession, type Owner, type SessionRecord, type Usage } from '@warden/protocol';
import type { SpendLine } from '@warden/core';

/** One run's spend as stored with its session (core's `meta` record `run`). */
export interface RunSpend {
  sessionId: string;
  runId: string;
  /** When the run ended. */
  at: string;
  owner: Owner;
  /** `RunOptions.label`, else the session's title. */
  task?: string;
  lines: SpendLine[];
  /** Calls to `cacheable` tools answered from the run's cache (`hits`) or run (`misses`), when it made any. */
  toolCache?: { hits: number; misses: number };
  /**
   * The run stored no end record — it was killed (a crashed fleet attempt) or is still going — so
   * its lines add up the charges it stored as they happened, and `at` is when the last was stored.
   */
  unfinished?: true;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

function usageOf(value: unknown): Usage {
  if (!isObject(value)) return emptyUsage();
  return {
    inputTokens: count(value.inputTokens),
    outputTokens: count(value.outputTokens),
    cacheReadTokens: count(value.cacheReadTokens),
    cacheWriteTokens: count(value.cacheWriteTokens),
    reasoningTokens: count(value.reasoningTokens),
  };
}

function lineOf(value: unknown): SpendLine | undefined {
  if (!isObject(value) || typeof value.provider !== 'string' || typeof value.model !== 'string') return undefined;
  return {
    agent: typeof value.agent === 'string' ? value.agent : 'main',
    provider: value.provider,
    model: value.model,
    calls: count(value.calls),
    unpricedCalls: count(value.unpricedCalls),
    usage: usageOf(value.usage),
    costUsd: count(value.costUsd),
  };
}

/** Adds `from` into `into`, line by line (same agent, provider and model). */
function addLines(into: SpendLine[], from: readonly SpendLine[]): void {
  for (const line of from) {
    const same = into.find((l) => l.agent === line.agent && l.provider === line.provider && l.model === line.model);
    if (!same) {
      into.push({ ...line, usage: { ...line.usage } });
      continue;
    }
    same.calls += line.calls;
    same.unpricedCalls += line.unpricedCalls;
    same.usage = addUsage(same.usage, line.usage);
    same.costUsd += line.costUsd;
  }
}

/** Runs that stored charges (`spend` records) but no end record: what each spent so far. */
function unfinishedRuns(session: Pick<LoadedSession, 'id' | 'owner' | 'records'>, ended: ReadonlySet<string>, task: string | undefined): RunSpend[] {
  const runs = new Map<string, RunSpend>();
  for (const record of session.records) {
    if (record.type !== 'meta' || record.key !== 'spend' || !isObject(record.value)) continue;
    const { runId, lines, label } = record.value;
    if (typeof runId !== 'string' || ended.has(runId) || !Array.isArray(lines)) continue;
    let run = runs.get(runId);
    if (!run) {
      const named = typeof label === 'string' ? label : task;
      run = { sessionId: session.id, runId, at: record.at, owner: session.owner, ...(named ? { task: named } : {}), lines: [], unfinished: true };
      runs.set(runId, run);
    }
    run.at = record.at;
    addLines(run.lines, lines.map(lineOf).filter((l): l is SpendLine => l !== undefined));
  }
  return [...runs.values()];
}

/**
 * The runs of a stored session, read leniently from their `meta` records: spend lines when the
 * run stored them; for a run stored before lines existed, one line for the whole run under its
 * provider and model (or `unknown`), with its recorded cost; for a run that stored no end record
 * (killed mid-way), the charges it stored as they happened.
 */
export function runSpendOf(session: Pick<LoadedSession, 'id' | 'owner' | 'records'>): RunSpend[] {
  const header = session.records.find((r): r is Extract<SessionRecord, { type: 'header' }> => r.type === 'header');
  const title = header?.title;
  const out: RunSpend[] = [];
  for (const record of session.records) {
    if (record.type !== 'meta' || record.key !== 'run' || !isObject(record.value)) continue;
    const value = record.value;
    const stored = Array.isArray(value.spend) ? value.spend.map(lineOf).filter((l): l is SpendLine => l !== undefined) : undefined;
    const lines =
      stored ??
      [
        {
          agent: 'main',
          provider: typeof value.provider === 'string' ? value.provider : 'unknown',
          model: typeof value.model === 'string' ? value.model : 'unknown',
          calls: count(value.steps),
          unpricedCalls: 0,
          usage: record.usage ? { ...record.usage } : emptyUsage(),
          costUsd: record.costUsd ?? 0,
        },
      ];
    const task = typeof value.label === 'string' ? value.label : title;
    const cache = isObject(value.toolCache) ? { hits: count(value.toolCache.hits), misses: count(value.toolCache.misses) } : undefined;
    out.push({ sessionId: session.id, runId: typeof value.runId === 'string' ? value.runId : record.id, at: record.at, owner: session.owner, ...(task ? { task } : {}), lines, ...(cache ? { toolCache: cache } : {}) });
  }
  const unfinished = unfinishedRuns(session, new Set(out.map((r) => r.runId)), title);
  return unfinished.length === 0 ? out : [...out, ...unfinished].sort((a, b) => a.at.localeCompare(b.at));
}

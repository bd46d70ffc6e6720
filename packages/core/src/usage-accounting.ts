import { addUsage, type JsonValue, type ModelResponse, type RunEvent, type Usage } from '@warden/protocol';
import type { RunContext } from './run-context.js';
import { addSpend, mergeSpend, spendAgent, type SpendLine } from './spend.js';

/**
 * The session `meta` record key of one charge: `{ runId, step, source?, label?, lines }` with the charge's
 * usage and cost on the record. The run's end record (`run`) carries the whole run's lines.
 */
export const SPEND_RECORD = 'spend';

/** What a `usage` event says a charge was for. */
export type UsageSource = NonNullable<Extract<RunEvent, { type: 'usage' }>['source']>;

/**
 * The one place a run is charged: its usage and cost totals, its spend lines (and so the
 * budget, which reads them) and the `usage` event that announces it. Every model call made
 * for a run — a step, a compaction summary, a planner call, a sub-agent — comes through here.
 */
function charge(run: RunContext, source: UsageSource, usage: Usage, costUsd: number | undefined, spend: (lines: SpendLine[]) => void): void {
  const { state } = run;
  state.usage = addUsage(state.usage, usage);
  state.costUsd += costUsd ?? 0;
  spend(state.spend);
  if (run.session) {
    // Stored as it happens (in the same group commit as the step's message), so a run killed before
    // its end record still shows what it spent: reports add up a run's `spend` records when it has no `run` record.
    const lines: SpendLine[] = [];
    spend(lines);
    const value = { runId: run.runId, step: state.step, ...(source === 'model' ? {} : { source }), ...(state.label !== undefined ? { label: state.label } : {}), lines: lines as unknown as JsonValue };
    void run.session.meta(SPEND_RECORD, value, usage, costUsd ?? 0);
  }
  run.emit({
    type: 'usage',
    step: state.step,
    usage,
    ...(costUsd !== undefined ? { costUsd } : {}),
    // A model step is the default the event schema documents; the others say what they were.
    ...(source === 'model' ? {} : { source }),
    totalUsage: { ...state.usage },
    totalCostUsd: state.costUsd,
  });
}

/** Charges one model call the run made (or had made for it, as a planner call). */
export function chargeModelCall(run: RunContext, source: Exclude<UsageSource, 'subagent'>, call: Pick<ModelResponse, 'provider' | 'model' | 'usage' | 'costUsd'>): void {
  charge(run, source, call.usage, call.costUsd, (lines) => addSpend(lines, call, spendAgent(run)));
}

/** Charges what a sub-agent's whole run spent, its spend lines under the sub-agent's name. */
export function chargeSubagent(run: RunContext, name: string, result: { usage: Usage; costUsd: number; spend: readonly SpendLine[] }): void {
  charge(run, 'subagent', result.usage, result.costUsd, (lines) => mergeSpend(lines, result.spend, name));
}

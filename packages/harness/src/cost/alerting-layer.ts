import type { RunEvent, RunEventOf } from '@warden/protocol';
import type { PriceTable } from '@warden/providers/catalog';
import type { GovernedAgent } from '../governed-agent.js';
import { tapOptions, tapStream, type EventTap } from '../pipeline/event-tap.js';
import type { HarnessLayer } from '../pipeline/harness-layer.js';
import type { BudgetAlert, BudgetAlerts } from './budget-alert-types.js';

/** The `warning` event's code for a budget threshold crossed. */
export const BUDGET_ALERT_WARNING = 'budget.threshold_crossed';

function warningOf(alert: BudgetAlert, runId: string): RunEventOf<'warning'> {
  const pct = Math.round(alert.threshold * 100);
  return { type: 'warning', runId, at: alert.at, code: BUDGET_ALERT_WARNING, message: `budget "${alert.budget}" (${alert.scope} ${alert.key}) reached ${pct}%: $${alert.spentUsd.toFixed(4)} of $${alert.limitUsd.toFixed(2)}` };
}

/**
 * Feeds one run's spend to the alerts as its `usage` events arrive. A sub-agent's roll-up is the
 * `usage` event core emits just before that sub-agent's `subagent` end event, so each usage event
 * is held until the next event says whose it was. A step whose provider recorded no cost is priced
 * from the table when the table knows the run's model; otherwise it adds nothing (unknown, not $0
 * — but it cannot cross a threshold).
 */
function meter(alerts: BudgetAlerts, owner: string, prices: PriceTable): (event: RunEvent) => RunEventOf<'warning'>[] {
  let model: { provider: string; model: string } | undefined;
  let pending: RunEventOf<'usage'> | undefined;
  const settle = (agent: string): RunEventOf<'warning'>[] => {
    const usage = pending;
    pending = undefined;
    if (!usage) return [];
    const costUsd = usage.costUsd ?? (model ? prices.costOf(model.provider, model.model, usage.usage) : undefined) ?? 0;
    return alerts.record({ runId: usage.runId, agent, owner, costUsd, at: usage.at }).map((alert) => warningOf(alert, usage.runId));
  };
  return (event) => {
    if (event.type === 'run_start') model = { provider: event.provider, model: event.model };
    const out = settle(event.type === 'subagent' && event.phase === 'end' ? event.agent : 'main');
    if (event.type === 'usage') pending = event;
    return out;
  };
}

/** One run's tap: each crossing the event completes, as a `warning` event before it (and noted in `raised`). */
function alertTap(see: (event: RunEvent) => RunEventOf<'warning'>[], raised?: string[]): EventTap {
  return {
    see(event) {
      const warnings = see(event);
      raised?.push(...warnings.map((warning) => warning.message));
      return [...warnings, event];
    },
  };
}

/**
 * Budget alerts as a layer of the harness's pipeline: every run's spend goes to `alerts` as it is
 * recorded, and each crossing is also a `warning` event (code `budget.threshold_crossed`) in the
 * run's events and in `RunResult.warnings`. Webhooks are sent in the background (`alerts.settled()`).
 */
export function alertingLayer(alerts: BudgetAlerts, owner: string, prices: PriceTable): HarnessLayer {
  const withWarnings = async <R extends { warnings: string[] }>(raised: string[], result: Promise<R>): Promise<R> => {
    const done = await result;
    return raised.length > 0 ? { ...done, warnings: [...done.warnings, ...raised] } : done;
  };
  const tap = (raised?: string[]): EventTap => alertTap(meter(alerts, owner, prices), raised);
  return {
    name: 'budget-alerts',
    agent: (inner: GovernedAgent): GovernedAgent => ({
      run: (task, options) => {
        const raised: string[] = [];
        return withWarnings(raised, inner.run(task, tapOptions(options, tap(raised))));
      },
      resume: (id, options) => {
        const raised: string[] = [];
        return withWarnings(raised, inner.resume(id, tapOptions(options, tap(raised))));
      },
      // A stream's usage is read from the stream itself; the caller's onEvent is left as it is.
      stream: (task, options) => tapStream(inner.stream(task, options), tap()),
      resumeStream: (id, options) => tapStream(inner.resumeStream(id, options), tap()),
    }),
  };
}

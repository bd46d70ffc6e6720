import type { RunEvent, RunEventOf } from '@warden/protocol';
import type { PriceTable } from '@warden/providers';
import type { GovernedAgent, HarnessResumeOptions, HarnessRunOptions } from '../governed-agent.js';
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

function withMeter<O extends HarnessRunOptions | HarnessResumeOptions>(options: O | undefined, see: (event: RunEvent) => RunEventOf<'warning'>[], raised: string[]): O {
  const given = options?.onEvent;
  return {
    ...options,
    onEvent: (event: RunEvent) => {
      for (const warning of see(event)) {
        raised.push(warning.message);
        given?.(warning);
      }
      given?.(event);
    },
  } as O;
}

async function* metered(events: AsyncIterable<RunEvent>, see: (event: RunEvent) => RunEventOf<'warning'>[]): AsyncGenerator<RunEvent> {
  for await (const event of events) {
    yield* see(event);
    yield event;
  }
}

/**
 * The governed agent with budget alerts: every run's spend goes to `alerts` as it is recorded,
 * and each crossing is also a `warning` event (code `budget.threshold_crossed`) in the run's
 * events and in `RunResult.warnings`. Webhooks are sent in the background (`alerts.settled()`).
 */
export function alertingAgent(agent: GovernedAgent, alerts: BudgetAlerts, owner: string, prices: PriceTable): GovernedAgent {
  const withWarnings = async <R extends { warnings: string[] }>(raised: string[], result: Promise<R>): Promise<R> => {
    const done = await result;
    return raised.length > 0 ? { ...done, warnings: [...done.warnings, ...raised] } : done;
  };
  return {
    run: (task, options) => {
      const raised: string[] = [];
      return withWarnings(raised, agent.run(task, withMeter(options, meter(alerts, owner, prices), raised)));
    },
    resume: (id, options) => {
      const raised: string[] = [];
      return withWarnings(raised, agent.resume(id, withMeter(options, meter(alerts, owner, prices), raised)));
    },
    // A stream's usage is read from the stream itself; the caller's onEvent is left as it is.
    stream: (task, options) => metered(agent.stream(task, options), meter(alerts, owner, prices)),
    resumeStream: (id, options) => metered(agent.resumeStream(id, options), meter(alerts, owner, prices)),
  };
}

import { strictOptions } from '@warden/protocol/checks';
import { ALERT_WEBHOOK_KEYS, BUDGET_ALERT_KEYS, BUDGET_KEYS, type AlertDelivery, type Budget, type BudgetAlert, type BudgetAlertOptions, type BudgetAlerts, type BudgetScope, type SpendRecord } from './budget-alert-types.js';
import { deliverAlert, shownUrl } from './alert-webhook.js';
import { alertStateFile } from './alert-state-file.js';
import { budgetAlertError } from '../coded-errors.js';

const SCOPES: readonly BudgetScope[] = ['run', 'agent', 'owner', 'day'];
const DEFAULT_THRESHOLDS = [0.5, 0.8, 1];

interface Checked {
  name: string;
  budget: Budget;
  thresholds: number[];
}

function check(given: Budget, index: number): Checked {
  const budget = strictOptions(`budgetAlerts budgets[${index}]`, BUDGET_KEYS, given);
  if (!SCOPES.includes(budget.scope)) throw budgetAlertError({ code: 'budget_alerts.invalid_budget', message: `unknown budget scope "${String(budget.scope)}"`, hint: `Use one of ${SCOPES.join(', ')}.` });
  if (!(typeof budget.usd === 'number' && Number.isFinite(budget.usd) && budget.usd > 0)) throw budgetAlertError({ code: 'budget_alerts.invalid_budget', message: `budget "${budget.scope}" needs a positive usd` });
  const thresholds = [...new Set(budget.thresholds ?? DEFAULT_THRESHOLDS)].sort((a, b) => a - b);
  if (thresholds.length === 0 || thresholds.some((t) => !(typeof t === 'number' && Number.isFinite(t) && t > 0))) {
    throw budgetAlertError({ code: 'budget_alerts.invalid_budget', message: `budget "${budget.scope}" has a threshold that is not a fraction above 0`, hint: 'Thresholds are fractions of usd: 0.5 is half the budget, 1 all of it.' });
  }
  return { name: budget.name ?? (budget.agent !== undefined ? `${budget.scope}:${budget.agent}` : budget.scope), budget, thresholds };
}

function keyOf(budget: Budget, spend: SpendRecord, at: string): string | undefined {
  switch (budget.scope) {
    case 'run':
      return spend.runId;
    case 'agent': {
      const agent = spend.agent ?? 'main';
      return budget.agent === undefined || budget.agent === agent ? agent : undefined;
    }
    case 'owner':
      return spend.owner ?? '(none)';
    case 'day':
      return at.slice(0, 10);
  }
}

/**
 * Budget alerts: spend is added as it is recorded; when a budget's spend for a key (a run, an
 * agent, an owner, a UTC day) reaches a threshold, the crossing is raised once — `onAlert`, then
 * one signed POST per webhook, retried on 5xx and network errors — and never again for that
 * budget, key and threshold. Thresholds crossed together are each raised. State is in memory,
 * or in `stateFile` to survive restarts (a new crossing is on disk before its webhooks go).
 */
export function budgetAlerts(given: BudgetAlertOptions): BudgetAlerts {
  const options = strictOptions('budgetAlerts', BUDGET_ALERT_KEYS, given);
  const budgets = options.budgets.map(check);
  const webhooks = (options.webhooks ?? []).map((entry, i) => {
    const webhook = strictOptions(`budgetAlerts webhooks[${i}]`, ALERT_WEBHOOK_KEYS, entry);
    const shown = shownUrl(webhook.url);
    if (!/^https?:$/.test(safeProtocol(webhook.url))) throw budgetAlertError({ code: 'budget_alerts.invalid_webhook', message: `webhook URL ${shown} is not http(s)` });
    if (typeof webhook.secret !== 'string' || webhook.secret === '') throw budgetAlertError({ code: 'budget_alerts.invalid_webhook', message: `webhook ${shown} has no secret to sign with` });
    return webhook;
  });
  const file = options.stateFile === undefined ? undefined : alertStateFile(options.stateFile);
  const { spent, fired } = file?.state ?? { spent: new Map<string, number>(), fired: new Set<string>() };
  const raised: BudgetAlert[] = [];
  const deliveries: AlertDelivery[] = [];
  const inFlight = new Set<Promise<void>>();

  const send = (alert: BudgetAlert): void => {
    const body = JSON.stringify(alert);
    for (const webhook of webhooks) {
      const delivery: AlertDelivery = { alert, url: shownUrl(webhook.url), status: 'pending', attempts: 0 };
      deliveries.push(delivery);
      const done = deliverAlert(webhook, body, delivery).catch(() => {
        delivery.status = 'failed';
        delivery.error ??= 'internal';
      });
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    }
  };

  return {
    record(spend) {
      const cost = Number.isFinite(spend.costUsd) && spend.costUsd > 0 ? spend.costUsd : 0;
      const at = spend.at ?? new Date().toISOString();
      const out: BudgetAlert[] = [];
      for (const { name, budget, thresholds } of budgets) {
        const key = keyOf(budget, spend, at);
        if (key === undefined) continue;
        const id = `${name}\u0000${key}`;
        const before = spent.get(id) ?? 0;
        const after = before + cost;
        spent.set(id, after);
        for (const threshold of thresholds) {
          const crossing = `${id}\u0000${threshold}`;
          if (fired.has(crossing) || after < threshold * budget.usd) continue;
          fired.add(crossing);
          out.push({ budget: name, threshold, spentUsd: after, limitUsd: budget.usd, scope: budget.scope, key, at });
        }
      }
      if (file && cost > 0) file.save(out.length > 0);
      for (const alert of out) {
        raised.push(alert);
        try {
          options.onAlert?.(alert);
        } catch {
          // A throwing listener must not stop the webhooks or the run.
        }
        send(alert);
      }
      return out;
    },
    alerts: () => [...raised],
    deliveries: () => [...deliveries],
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      return [...deliveries];
    },
    spent: (budget, key) => spent.get(`${budget}\u0000${key}`) ?? 0,
  };
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

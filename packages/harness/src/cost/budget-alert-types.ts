import type { OptionKeys } from '@warden/protocol';

/** What a budget counts spend over: one run, one agent (sub-agents by name), one owner, or one UTC day. */
export type BudgetScope = 'run' | 'agent' | 'owner' | 'day';

export interface Budget {
  scope: BudgetScope;
  /** The limit in dollars. */
  usd: number;
  /** Fractions of `usd` that raise an alert when spend reaches them (default `[0.5, 0.8, 1]`). */
  thresholds?: number[];
  /** With `scope: 'agent'`: only this agent's spend (default: each agent has its own budget). */
  agent?: string;
  /** The budget's name in alerts (default: the scope, with `:agent` when one is named). */
  name?: string;
}

export interface AlertWebhook {
  /** Where alerts are POSTed. Credentials in it (userinfo, query) are sent but never shown. */
  url: string;
  /** HMAC-SHA256 key: `x-warden-signature: sha256=<hex HMAC of the raw body>`. */
  secret: string;
  /** Per attempt (default 5000). */
  timeoutMs?: number;
  /** Attempts after the first on a 5xx or a network error/timeout (default 3); never on a 4xx. */
  retries?: number;
  /** First backoff, doubled on each retry (default 250). */
  backoffMs?: number;
}

/** One threshold of one budget crossed for one key — raised once, never again for that crossing. */
export interface BudgetAlert {
  /** The webhook body: `{ budget, threshold, spentUsd, limitUsd, scope, key, at }`. */
  budget: string;
  threshold: number;
  spentUsd: number;
  limitUsd: number;
  scope: BudgetScope;
  /** The run id, agent name, owner (`tenant/user`, or `(none)`) or UTC day (`YYYY-MM-DD`). */
  key: string;
  at: string;
}

/** What happened to one alert at one webhook. */
export interface AlertDelivery {
  alert: BudgetAlert;
  /** The webhook URL without userinfo, query or fragment. */
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** The last HTTP status, when a response came. */
  httpStatus?: number;
  /** Why the last attempt failed (`http_500`, `timeout`, `network:ECONNREFUSED`…); never holds the URL or secret. */
  error?: string;
}

/** Spend as it is recorded (a model step, a sub-agent's roll-up, an estimate). */
export interface SpendRecord {
  runId: string;
  /** `main` by default; a sub-agent's spend carries its name. */
  agent?: string;
  /** `tenant/user`, or `(none)` (default). */
  owner?: string;
  costUsd: number;
  /** ISO time (default now); its UTC date is the `day` key. */
  at?: string;
}

export interface BudgetAlertOptions {
  budgets: Budget[];
  webhooks?: AlertWebhook[];
  /** Called once per crossing, before its webhooks are sent. */
  onAlert?: (alert: BudgetAlert) => void;
  /**
   * Keep spend and raised crossings in this JSON file, so a restarted process continues the
   * day's (run's, owner's) spend and never raises a crossing twice. Default: memory only.
   */
  stateFile?: string;
}

// Key lists the compiler keeps equal to the interfaces above: budgetAlerts refuses any other key.
export const BUDGET_KEYS = { scope: true, usd: true, thresholds: true, agent: true, name: true } as const satisfies OptionKeys<Budget>;
export const ALERT_WEBHOOK_KEYS = { url: true, secret: true, timeoutMs: true, retries: true, backoffMs: true } as const satisfies OptionKeys<AlertWebhook>;
export const BUDGET_ALERT_KEYS = { budgets: true, webhooks: true, onAlert: true, stateFile: true } as const satisfies OptionKeys<BudgetAlertOptions>;

export interface BudgetAlerts {
  /** Adds spend; returns the crossings it caused (each one's webhooks are on their way). */
  record(spend: SpendRecord): BudgetAlert[];
  /** Every alert raised so far, in order. */
  alerts(): readonly BudgetAlert[];
  /** Every delivery so far (pending ones included). */
  deliveries(): readonly AlertDelivery[];
  /** Waits for the deliveries in flight; returns all deliveries. */
  settled(): Promise<readonly AlertDelivery[]>;
  /** Spend so far for a budget's key. */
  spent(budget: string, key: string): number;
}

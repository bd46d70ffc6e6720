import { lintPlan, type LintPlanOptions, type PlanLintResult } from '@warden/governance';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys, ToolSpec } from '@warden/protocol';
import { createPriceTable, type PriceTable } from '@warden/providers/catalog';
import { contextDecay, type ContextDecay } from '@warden/tools';
import { budgetAlerts } from '../cost/budget-alerts.js';
import type { BudgetAlertOptions, BudgetAlerts } from '../cost/budget-alert-types.js';
import { createCostTracker, type CostTracker } from '../cost/cost-tracker.js';
import { stateDiff, type StateDiff } from './state-diff.js';
import { agentSessionError } from '../coded-errors.js';

/** Argentum's `configure_security` limits, same names camel-cased and same defaults as its `create_agent_session(secure=True)`. */
export interface AgentSessionLimits {
  /** Largest state snapshot, in megabytes of JSON (default 10). */
  maxStateSizeMb: number;
  /** Most items in the context decay (default 10 000). */
  maxContextItems: number;
  /** Most steps in a plan the session's linter accepts (default 1 000). */
  maxPlanSteps: number;
}

export const AGENT_SESSION_LIMITS: Readonly<AgentSessionLimits> = Object.freeze({ maxStateSizeMb: 10, maxContextItems: 10_000, maxPlanSteps: 1000 });

export interface AgentSessionOptions {
  /** Context decay half-life in steps (default 20, as Argentum's). */
  halfLifeSteps?: number;
  limits?: Partial<AgentSessionLimits>;
  /** Prices for the cost tracker (default: the built-in table). */
  prices?: PriceTable;
  /** Budget alerts for the agent (webhooks need real endpoints); none when absent. */
  alerts?: BudgetAlertOptions;
}

/** One agent's debugging bundle (Argentum's `create_agent_session` dictionary, as a typed object). */
const AGENT_SESSION_KEYS = { halfLifeSteps: true, limits: true, prices: true, alerts: true } as const satisfies OptionKeys<AgentSessionOptions>;
const LIMIT_KEYS = { maxStateSizeMb: true, maxContextItems: true, maxPlanSteps: true } as const satisfies OptionKeys<AgentSessionLimits>;

export interface AgentSession<V = unknown> {
  readonly agentId: string;
  readonly limits: Readonly<AgentSessionLimits>;
  readonly stateDiff: StateDiff;
  readonly contextDecay: ContextDecay<V>;
  readonly costTracker: CostTracker;
  /** Present when `alerts` were given. */
  readonly alerts?: BudgetAlerts;
  /** The plan linter with the session's plan-step limit. */
  lintPlan(plan: unknown, tools: readonly ToolSpec[], options?: Omit<LintPlanOptions, 'limits'>): PlanLintResult;
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0) throw agentSessionError({ code: 'agent_session.invalid_options', message: `${name} must be a positive number, got ${value}` });
  return value;
}

/**
 * State diff, context decay, cost tracker and (optionally) budget alerts for one agent, under the
 * limits Argentum's `configure_security` describes — held by this session, never set globally.
 * Handoffs are not in the bundle (see the handoff protocol).
 */
export function createAgentSession<V = unknown>(name: string, given: AgentSessionOptions = {}): AgentSession<V> {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 100) throw agentSessionError({ code: 'agent_session.invalid_options', message: 'the agent name must be 1 to 100 characters' });
  const options = strictOptions('createAgentSession', AGENT_SESSION_KEYS, given);
  const limits = { ...AGENT_SESSION_LIMITS, ...strictOptions('createAgentSession limits', LIMIT_KEYS, options.limits) };
  positive('maxStateSizeMb', limits.maxStateSizeMb);
  positive('maxContextItems', limits.maxContextItems);
  positive('maxPlanSteps', limits.maxPlanSteps);
  const alerts = options.alerts ? budgetAlerts(options.alerts) : undefined;
  return {
    agentId: name,
    limits: Object.freeze(limits),
    stateDiff: stateDiff({ maxStateBytes: Math.floor(limits.maxStateSizeMb * 1024 * 1024) }),
    contextDecay: contextDecay<V>({ halfLifeSteps: options.halfLifeSteps ?? 20, maxItems: Math.floor(limits.maxContextItems) }),
    costTracker: createCostTracker(options.prices ?? createPriceTable()),
    ...(alerts ? { alerts } : {}),
    lintPlan: (plan, tools, lintOptions = {}) => lintPlan(plan, tools, { ...lintOptions, limits: { maxPlanSteps: limits.maxPlanSteps } }),
  };
}

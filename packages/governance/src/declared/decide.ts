import type { GateCall, GateMode } from '@warden/protocol';
import type { DataClass } from '../classify/data-classes.js';
import { conditionEnv } from '../policy/compiled-rule.js';
import type { EffectiveGovernance } from './effective-governance.js';
import { stricterDataEffect, toolStrictness, dataStrictness } from './effects-order.js';
import type { CompiledGovernanceRule, DataEffect, ToolEffect } from './governance-rule.js';

/** What governance decided about one tool call. `rules` are the matching rules that set the effect. */
export interface ToolVerdict {
  effect: ToolEffect;
  /** Distinct approvers needed (require_approval): the most any matching rule asks. */
  approvers: number;
  /** The shortest timeout of the matching require_approval rules. */
  timeoutMs?: number;
  rules: string[];
  reason?: string;
  policyVersion: string;
}

export interface DataVerdict {
  effect: DataEffect;
  rules: string[];
  policyVersion: string;
}

/** `rule id (where)`, the name decisions carry. */
const ruleName = (rule: CompiledGovernanceRule): string => (rule.from.startsWith('pack:') ? `${rule.from}#${rule.id}` : rule.id);

/**
 * The strictest effect of every matching `on: tool` rule (allow when none matches). A condition
 * that cannot be evaluated counts as matched for anything stricter than allow (fail closed).
 */
export function decideTool(governance: EffectiveGovernance, call: GateCall, ctx: { tainted: boolean; mode?: GateMode }): ToolVerdict {
  const env = conditionEnv(call, { tainted: ctx.tainted, mode: ctx.mode ?? 'safe' });
  let verdict: ToolVerdict = { effect: 'allow', approvers: 0, rules: [], policyVersion: governance.version };
  for (const rule of governance.rules) {
    if (rule.on !== 'tool' || !rule.matches(call.name)) continue;
    if (rule.condition) {
      const result = rule.condition.test(env);
      if (result.ok ? !result.value : rule.effect === 'allow') continue;
    }
    const effect = rule.effect as ToolEffect;
    const approval = effect === 'require_approval';
    if (toolStrictness(effect) > toolStrictness(verdict.effect)) {
      verdict = { ...verdict, effect, rules: [ruleName(rule)], ...(rule.reason !== undefined ? { reason: rule.reason } : {}) };
    } else if (effect === verdict.effect) verdict.rules.push(ruleName(rule));
    if (approval) {
      verdict.approvers = Math.max(verdict.approvers, rule.approvers);
      verdict.timeoutMs = Math.min(verdict.timeoutMs ?? Infinity, rule.timeoutMs);
    }
  }
  if (verdict.effect !== 'require_approval') {
    const { timeoutMs: _drop, ...rest } = verdict;
    return { ...rest, approvers: 0 };
  }
  return verdict;
}

/**
 * What happens to a data class in a run with `purpose` before a model call: allowed when the
 * purpose lists it, pseudonymised otherwise; `on: data` rules can only make it stricter.
 */
export function decideData(governance: EffectiveGovernance, purpose: string | undefined, cls: DataClass): DataVerdict {
  const allowed = purpose !== undefined && governance.purposes.get(purpose)?.has(cls) === true;
  let effect: DataEffect = allowed ? 'allow' : 'pseudonymise';
  const rules: string[] = [];
  for (const rule of governance.rules) {
    if (rule.on !== 'data' || !rule.matches(cls)) continue;
    const next = stricterDataEffect(effect, rule.effect as DataEffect);
    if (dataStrictness(next) > dataStrictness(effect)) rules.length = 0;
    if (next === rule.effect) rules.push(ruleName(rule));
    effect = next;
  }
  return { effect, rules, policyVersion: governance.version };
}

/** Whether a backend (`provider:model`) may be called at all: any matching `on: model` deny forbids it. */
export function decideModel(governance: EffectiveGovernance, provider: string, model: string): { effect: 'allow' | 'deny'; rules: string[]; policyVersion: string } {
  const denying = governance.rules.filter((r) => r.on === 'model' && r.effect === 'deny' && r.matches(`${provider}:${model}`)).map(ruleName);
  return { effect: denying.length > 0 ? 'deny' : 'allow', rules: denying, policyVersion: governance.version };
}

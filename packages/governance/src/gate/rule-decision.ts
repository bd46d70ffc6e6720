import type { Decision, DecisionEffect, GateCall } from '@warden/protocol';
import { conditionEnv, matchRule, type CompiledRule } from '../policy/compiled-rule.js';
import type { GateMode } from '@warden/protocol';

const RANK: Record<DecisionEffect, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * The strictest matching rule (deny beats ask beats allow; among equals the
 * first listed), as a decision naming it; undefined when no rule matches.
 */
export function decideByRules(rules: readonly CompiledRule[], call: GateCall, ctx: { tainted: boolean; mode: GateMode }): Decision | undefined {
  const env = conditionEnv(call, ctx);
  let best: { rule: CompiledRule; error?: string } | undefined;
  for (const rule of rules) {
    const match = matchRule(rule, call, env);
    if (!match.matched) continue;
    if (!best || RANK[rule.effect] > RANK[best.rule.effect]) {
      best = { rule, ...(match.error !== undefined ? { error: match.error } : {}) };
      if (rule.effect === 'deny') break;
    }
  }
  if (!best) return undefined;
  const { rule, error } = best;
  const base = rule.reason ?? `${rule.origin === 'workspace' ? 'workspace ' : ''}policy rule ${JSON.stringify(rule.id)} says ${rule.effect}`;
  const reason = error === undefined ? base : `${base} (its condition could not be evaluated: ${error}; failing closed)`;
  return { effect: rule.effect, rule: rule.name, reason };
}

import type { DecisionEffect, GateCall } from '@warden/protocol';
import { compileCondition, type Condition } from '../expr/compile-condition.js';
import type { ExprEnv } from '../expr/expr-evaluate.js';
import type { GateMode } from '@warden/protocol';
import { globToRegExp, matchesAnyGlob } from './glob.js';
import type { PolicyRuleInput } from './policy-schema.js';

/** Where a rule came from: the user's own policy, or the (untrusted) workspace. */
export type RuleOrigin = 'user' | 'workspace';

type AnnotationFlags = NonNullable<PolicyRuleInput['annotations']>;

/** A rule ready to match calls. */
export interface CompiledRule {
  readonly id: string;
  /** The name decisions carry: `policy.<id>` (user) or `workspace-policy.<id>` (workspace). */
  readonly name: string;
  readonly effect: DecisionEffect;
  readonly reason?: string;
  readonly tools: readonly string[];
  readonly tags: readonly string[];
  readonly annotations: AnnotationFlags;
  readonly condition?: Condition;
  readonly origin: RuleOrigin;
  /** `file:line` when loaded from a file. */
  readonly location?: string;
  readonly examples?: PolicyRuleInput['examples'];
  /** @internal */
  readonly toolGlobs: readonly RegExp[];
}

/** The outcome of matching one rule: a match may carry an evaluation problem (counted as a match only for deny/ask). */
export type RuleMatch = { matched: false; error?: string } | { matched: true; error?: string };

/** Compiles a validated rule input. Throws `policy.invalid` when its condition does not parse. */
export function compileRule(input: PolicyRuleInput, origin: RuleOrigin, location?: string): CompiledRule {
  const tools = input.tool === undefined ? ['*'] : typeof input.tool === 'string' ? [input.tool] : [...input.tool];
  const condition = input.when === undefined ? undefined : compileCondition(input.when);
  return {
    id: input.id,
    name: `${origin === 'workspace' ? 'workspace-policy' : 'policy'}.${input.id}`,
    effect: input.effect,
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
    tools,
    tags: input.tags ?? [],
    annotations: input.annotations ?? {},
    ...(condition ? { condition } : {}),
    origin,
    ...(location !== undefined ? { location } : {}),
    ...(input.examples ? { examples: input.examples } : {}),
    toolGlobs: tools.map(globToRegExp),
  };
}

/** The values a rule condition sees for a call. */
export function conditionEnv(call: GateCall, ctx: { tainted: boolean; mode: GateMode }): ExprEnv {
  return {
    args: call.args,
    tool: call.name,
    tags: call.annotations?.tags ?? [],
    annotations: (call.annotations ?? {}),
    tainted: ctx.tainted,
    mode: ctx.mode,
  };
}

/**
 * Matches a rule against a call. A condition that cannot be evaluated (a type
 * mismatch) fails closed: a deny or ask rule counts as matched, an allow rule
 * does not.
 */
export function matchRule(rule: CompiledRule, call: GateCall, env: ExprEnv): RuleMatch {
  if (!matchesAnyGlob(call.name, rule.toolGlobs)) return { matched: false };
  const tags = call.annotations?.tags ?? [];
  if (!rule.tags.every((tag) => tags.includes(tag))) return { matched: false };
  for (const [key, want] of Object.entries(rule.annotations)) {
    const have = (call.annotations as Record<string, unknown> | undefined)?.[key] === true;
    if (have !== want) return { matched: false };
  }
  if (!rule.condition) return { matched: true };
  const result = rule.condition.test(env);
  if (!result.ok) return { matched: rule.effect !== 'allow', error: result.message };
  return { matched: result.value };
}

import { parseDuration } from '@warden/protocol/checks';
import { compileCondition, type Condition } from '../expr/compile-condition.js';
import { globToRegExp } from '../policy/glob.js';
import type { GovernanceRule } from './governance-schema.js';

export type ToolEffect = 'allow' | 'ask' | 'require_approval' | 'deny';
export type DataEffect = 'allow' | 'pseudonymise' | 'redact' | 'deny';

/** A rule ready to match: where it came from (the file or a pack) travels with every decision. */
export interface CompiledGovernanceRule {
  readonly id: string;
  readonly on: GovernanceRule['on'];
  readonly effect: GovernanceRule['effect'];
  readonly from: string;
  readonly reason?: string;
  readonly approvers: number;
  readonly timeoutMs: number;
  readonly matches: (subject: string) => boolean;
  readonly condition?: Condition;
  /** The rule as written (what the policy version hashes). */
  readonly input: GovernanceRule;
}

export const DEFAULT_APPROVAL_TIMEOUT_MS = 24 * 60 * 60 * 1000;

export function compileGovernanceRule(input: GovernanceRule, from: string): CompiledGovernanceRule {
  const patterns = input.match === undefined ? ['*'] : typeof input.match === 'string' ? [input.match] : input.match;
  const globs = patterns.map(globToRegExp);
  return {
    id: input.id,
    on: input.on,
    effect: input.effect,
    from,
    ...(input.reason !== undefined ? { reason: input.reason } : {}),
    approvers: input.approvers ?? 1,
    timeoutMs: input.timeout !== undefined ? (parseDuration(input.timeout) ?? DEFAULT_APPROVAL_TIMEOUT_MS) : DEFAULT_APPROVAL_TIMEOUT_MS,
    matches: (subject) => globs.some((g) => g.test(subject)),
    ...(input.when !== undefined ? { condition: compileCondition(input.when) } : {}),
    input,
  };
}

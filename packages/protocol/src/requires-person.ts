import type { Decision } from './decision.js';

/** The rule a decision carries when untrusted content made it need a person (kept for stored decisions). */
export const TAINT_RULE = 'taint.requires-person';

/**
 * True when only a real person may approve this decision: an `automatic` approver's yes does not
 * count, and core denies the call rather than ask one. The flag is the contract; the rule name
 * covers decisions stored before the flag existed.
 */
export function requiresPerson(decision: Pick<Decision, 'rule' | 'requiresPerson'>): boolean {
  return decision.requiresPerson === true || decision.rule === TAINT_RULE;
}

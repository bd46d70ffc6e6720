import type { Assertion } from './assertion.js';

/**
 * Assertions vocabulary v1 does not support: the a2a_server envelope, the two
 * description-change assertions (they read `description_change_seq`) and
 * no_mcp_beacon_hit (it reads `beacon_hits`); v1 evidence carries neither key.
 */
export const DEFERRED_ASSERTIONS = Object.freeze([
  'a2a_server',
  'no_attacker_call_after_description_change',
  'no_out_of_scope_records_after_description_change',
  'no_mcp_beacon_hit',
] as const);
export type DeferredAssertionKind = (typeof DEFERRED_ASSERTIONS)[number];

/** Marker the evaluator recognises: a deferred assertion always answers `error` / `evidence_unsupported_assertion`. */
export const UNSUPPORTED = Symbol.for('warden.evidence.unsupported_assertion');

/** An assertion vocabulary v1 defers. Evaluating it gives `error` with `evidence_unsupported_assertion`, never a pass. */
export function deferredAssertion(kind: DeferredAssertionKind | (string & {}), options: { name?: string } = {}): Assertion & { readonly [UNSUPPORTED]: true } {
  return {
    kind,
    name: options.name ?? kind,
    needs: [],
    [UNSUPPORTED]: true,
    evaluate() {
      return { status: 'fail', message: `${kind} is not supported by evidence vocabulary v1.` };
    },
  };
}

import type { EvidenceObject } from '../validation/validate-evidence.js';
import { exceptionClass } from '../errors/exception-class.js';
import { ObservationError } from './observation-readers.js';
import { UNSUPPORTED } from './deferred-assertions.js';

/** What assertions read after a probe: the ledger and the target's outputs. */
export interface ProbeObservation {
  evidence: EvidenceObject;
  /** Outputs of every call that returned, in call order. */
  outputs: string[];
}

export type AssertionStatus = 'pass' | 'fail' | 'error';

export interface AssertionVerdict {
  status: 'pass' | 'fail';
  message: string;
}

/**
 * One assertion over a probe's observations. `needs` lists the evidence keys
 * (or `output`) it reads: a missing one gives `error`, never a clean pass.
 */
export interface Assertion {
  readonly kind: string;
  readonly name: string;
  readonly needs: readonly string[];
  /** Parameters, for reports (must not hold secrets). */
  readonly params?: Record<string, unknown>;
  evaluate(observation: ProbeObservation): AssertionVerdict;
}

export interface AssertionResult {
  name: string;
  kind: string;
  status: AssertionStatus;
  message: string;
  /** Set when status is `error`. */
  code?: string;
}

function missingNeed(assertion: Assertion, observation: ProbeObservation): string | undefined {
  for (const need of assertion.needs) {
    if (need === 'output') {
      if (observation.outputs.length === 0) return need;
    } else if (observation.evidence[need] === undefined) {
      return need;
    }
  }
  return undefined;
}

/** Runs one assertion; never throws. */
export function evaluateAssertion(assertion: Assertion, observation: ProbeObservation): AssertionResult {
  const base = { name: assertion.name, kind: assertion.kind };
  if ((assertion as unknown as Record<symbol, unknown>)[UNSUPPORTED] === true) {
    return { ...base, status: 'error', code: 'evidence_unsupported_assertion', message: `${assertion.name}: not supported by evidence vocabulary v1.` };
  }
  const missing = missingNeed(assertion, observation);
  if (missing !== undefined) {
    return { ...base, status: 'error', code: 'evidence_missing_observation', message: `${assertion.name} needs "${missing}", which the probe did not observe.` };
  }
  try {
    const verdict = assertion.evaluate(observation);
    if (verdict?.status !== 'pass' && verdict?.status !== 'fail') {
      return { ...base, status: 'error', code: 'evidence_assertion_error', message: `${assertion.name} returned no pass/fail verdict.` };
    }
    return { ...base, status: verdict.status, message: String(verdict.message) };
  } catch (error) {
    if (error instanceof ObservationError) return { ...base, status: 'error', code: error.code, message: `${assertion.name}: ${error.message}` };
    const className = exceptionClass(error);
    return { ...base, status: 'error', code: 'evidence_assertion_error', message: `${assertion.name} threw ${className} while reading evidence.` };
  }
}

/** Runs every assertion; one that errors does not stop the others. */
export function evaluateAssertions(assertions: readonly Assertion[], observation: ProbeObservation): AssertionResult[] {
  return assertions.map((assertion) => evaluateAssertion(assertion, observation));
}

import { EVIDENCE_KEY_KINDS } from './vocabulary.js';
import { EVIDENCE_LIMITS, EVIDENCE_VALIDATION_CODES, type EvidenceLimits } from './limits.js';
import { validateEvidence, type EvidenceInvalid, type EvidenceObject, type EvidenceValue } from './validate-evidence.js';
import { deepEqual } from './deep-equal.js';

export type LedgerAddResult = { ok: true } | EvidenceInvalid;

export interface EvidenceLedger {
  /** Clears every observation (called at probe start). */
  reset(): void;
  /**
   * Adds one call's evidence. List keys concatenate in call order; other keys
   * must agree with earlier calls. On any failure the call contributes nothing.
   */
  add(evidence: unknown): LedgerAddResult;
  /** A detached copy of what the probe has observed so far. */
  snapshot(): EvidenceObject;
  /** How many calls contributed. */
  readonly contributions: number;
}

function detached(value: EvidenceObject): EvidenceObject {
  return structuredClone(value);
}

/** A per-probe accumulator of evidence, holding the same budgets as one value. */
export function createEvidenceLedger(limits: Partial<EvidenceLimits> = {}): EvidenceLedger {
  const budget: EvidenceLimits = { ...EVIDENCE_LIMITS, ...limits };
  let current: EvidenceObject = {};
  let contributions = 0;

  return {
    reset() {
      current = {};
      contributions = 0;
    },
    add(evidence) {
      const checked = validateEvidence(evidence, budget);
      if (!checked.ok) return checked;
      const merged: EvidenceObject = { ...current };
      for (const [key, value] of Object.entries(checked.evidence)) {
        const previous = merged[key];
        if (previous === undefined) {
          merged[key] = value;
        } else if (EVIDENCE_KEY_KINDS.get(key) === 'list' && Array.isArray(previous) && Array.isArray(value)) {
          merged[key] = [...previous, ...value] as EvidenceValue[];
        } else if (!deepEqual(previous, value)) {
          return {
            ok: false,
            code: 'evidence_conflict',
            message: `evidence_conflict: ${EVIDENCE_VALIDATION_CODES.evidence_conflict}`,
            path: `$.${key}`,
          };
        }
      }
      const total = validateEvidence(merged, budget);
      if (!total.ok) return total;
      current = total.evidence;
      contributions += 1;
      return { ok: true };
    },
    snapshot() {
      return detached(current);
    },
    get contributions() {
      return contributions;
    },
  };
}

/** Budgets of one evidence value (and of a probe's accumulated ledger). */
export interface EvidenceLimits {
  /** Compact UTF-8 JSON bytes. */
  maxBytes: number;
  /** Deepest allowed nesting; the root is depth 0. */
  maxDepth: number;
  /** Visited nodes: every value occurrence and every key counts one. */
  maxNodes: number;
}

export const EVIDENCE_LIMITS: Readonly<EvidenceLimits> = Object.freeze({ maxBytes: 262_144, maxDepth: 16, maxNodes: 65_536 });

/** The codes evidence validation returns (never throws). Public API. */
export const EVIDENCE_VALIDATION_CODES = {
  evidence_not_dict: 'Evidence is not a plain object.',
  evidence_unknown_keys: 'Evidence holds root keys outside vocabulary v1.',
  evidence_key_type: 'An object key is not a string (a symbol).',
  evidence_value_type: 'A value is not plain JSON data (class instance, Map, typed array, undefined, function, accessor, array-like object) or has the wrong type for its key.',
  evidence_nonfinite_number: 'A number is NaN or infinite.',
  evidence_encoding: 'A string or key is not well-formed Unicode (lone surrogate).',
  evidence_too_large: 'Compact UTF-8 JSON would exceed the byte budget.',
  evidence_depth: 'Nesting exceeds the depth limit.',
  evidence_cycle: 'A value contains itself.',
  evidence_work_limit: 'The value has more nodes than the node budget.',
  evidence_conflict: 'A call reported a scalar or object that disagrees with an earlier call of the same probe.',
} as const;

export type EvidenceValidationCode = keyof typeof EVIDENCE_VALIDATION_CODES;

// `@warden/evidence/validation`: explicit named re-exports only; adding a name here makes it public API.
export { EVIDENCE_FAMILIES, EVIDENCE_KEYS, EVIDENCE_KEY_KINDS, EVIDENCE_VOCABULARY_VERSION } from './validation/vocabulary.js';
export type { EvidenceKey, EvidenceFamily, EvidenceKeyKind } from './validation/vocabulary.js';
export { EVIDENCE_LIMITS, EVIDENCE_VALIDATION_CODES } from './validation/limits.js';
export type { EvidenceLimits, EvidenceValidationCode } from './validation/limits.js';
export { validateEvidence } from './validation/validate-evidence.js';
export type { EvidenceValue, EvidenceObject, EvidenceValid, EvidenceInvalid, EvidenceValidation } from './validation/validate-evidence.js';
export { createEvidenceLedger } from './validation/evidence-ledger.js';
export type { EvidenceLedger, LedgerAddResult } from './validation/evidence-ledger.js';

import type { WardenErrorOptions } from '@warden/protocol';
import type { EvidenceErrorCode } from './error-codes.js';
import { EvidenceError } from './evidence-error.js';

// The package's only way to build its errors: `code` is typed as the package's table, so a
// typo or a code missing from EVIDENCE_ERROR_CODES does not compile (ESLint forbids
// `new EvidenceError` elsewhere in the source).
export const evidenceError = (options: WardenErrorOptions<EvidenceErrorCode>): EvidenceError => new EvidenceError(options);

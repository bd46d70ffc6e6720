import { KnowledgeError } from './knowledge-error.js';
import type { KnowledgeErrorCode } from './knowledge-error-codes.js';

// The package's only way to state a failure: `code` is typed as the table's union, so a typo or a
// code missing from the table does not compile (ESLint forbids `new KnowledgeError` elsewhere).

/** Builds a KnowledgeError with one of the package's codes. */
export function knowledgeError(code: KnowledgeErrorCode, message: string, hint?: string, cause?: unknown): KnowledgeError {
  return new KnowledgeError({ code, message, ...(hint ? { hint } : {}), ...(cause !== undefined ? { cause } : {}) });
}

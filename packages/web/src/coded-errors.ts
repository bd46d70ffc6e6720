import { WebError } from './web-error.js';
import type { WebErrorCode } from './web-error-codes.js';

// The package's only way to state a failure: `code` is typed as WEB_ERROR_CODES's union, so a typo
// or a code missing from the table does not compile (ESLint forbids `new WebError` elsewhere).

/** Builds a WebError with one of the package's codes. */
export function webError(code: WebErrorCode, message: string, hint?: string, cause?: unknown): WebError {
  return new WebError({ code, message, ...(hint ? { hint } : {}), ...(cause !== undefined ? { cause } : {}) });
}

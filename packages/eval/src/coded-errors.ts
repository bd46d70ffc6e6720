import { EvalError } from './eval-error.js';
import type { EvalErrorCode } from './eval-error-codes.js';

// The package's only way to state a failure: `code` is typed as EVAL_ERROR_CODES's union, so a
// typo or a code missing from the table does not compile (ESLint forbids `new EvalError` elsewhere).

/** Builds an EvalError with one of the package's codes. */
export function evalError(code: EvalErrorCode, message: string, hint?: string, cause?: unknown): EvalError {
  return new EvalError({ code, message, ...(hint ? { hint } : {}), ...(cause !== undefined ? { cause } : {}) });
}

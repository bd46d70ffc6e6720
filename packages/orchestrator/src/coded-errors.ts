import { OrchestratorError } from './orchestrator-error.js';
import type { OrchestratorErrorCode } from './orchestrator-error-codes.js';

// The package's only way to state a failure: `code` is typed as ORCHESTRATOR_ERROR_CODES's union, so
// a typo or a code missing from the table does not compile (ESLint forbids `new OrchestratorError` elsewhere).

/** Builds an OrchestratorError with one of the package's codes. */
export function orchestratorError(code: OrchestratorErrorCode, message: string, hint?: string, cause?: unknown): OrchestratorError {
  return new OrchestratorError({ code, message, ...(hint ? { hint } : {}), ...(cause !== undefined ? { cause } : {}) });
}

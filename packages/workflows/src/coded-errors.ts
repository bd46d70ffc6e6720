import { WorkflowError } from './workflow-error.js';
import type { WorkflowErrorCode } from './workflow-error-codes.js';

// The package's only way to state a failure: `code` is typed as WORKFLOW_ERROR_CODES's union, so a
// typo or a code missing from the table does not compile (ESLint forbids `new WorkflowError` elsewhere).

/** Builds a WorkflowError with one of the package's codes. */
export function workflowError(code: WorkflowErrorCode, message: string, hint?: string, cause?: unknown): WorkflowError {
  return new WorkflowError({ code, message, ...(hint ? { hint } : {}), ...(cause !== undefined ? { cause } : {}) });
}

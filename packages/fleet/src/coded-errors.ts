import { FleetError } from './fleet-error.js';
import type { FleetErrorCode } from './fleet-error-codes.js';

// The package's only ways to state a failure: `code` is typed as FLEET_ERROR_CODES's union, so a
// typo or a code missing from the table does not compile (ESLint forbids `new FleetError` elsewhere).

/** Builds a FleetError with one of the package's codes. */
export function fleetError(code: FleetErrorCode, message: string, hint: string, cause?: unknown): FleetError {
  return new FleetError({ code, message, hint, ...(cause !== undefined ? { cause } : {}) });
}

/**
 * The message of a failure BullMQ stores as text (an UnrecoverableError or a retryable Error):
 * the code in front, so the worker and `status` read the code back from the message.
 */
export function failureMessage(code: FleetErrorCode, text: string): string {
  return `${code}: ${text}`;
}

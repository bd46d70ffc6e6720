import { MediaError } from './media-error.js';
import type { MediaErrorCode } from './media-error-codes.js';

// The package's only way to state a failure: `code` is typed as MEDIA_ERROR_CODES's union, so a
// typo or a code missing from the table does not compile (ESLint forbids `new MediaError` elsewhere).

export interface MediaErrorInit {
  message: string;
  hint?: string;
  cause?: unknown;
  engine?: string;
  status?: number;
}

/** Builds a MediaError with one of the package's codes. */
export function mediaError(code: MediaErrorCode, init: MediaErrorInit): MediaError {
  return new MediaError({
    code,
    message: init.message,
    ...(init.hint !== undefined ? { hint: init.hint } : {}),
    ...(init.cause !== undefined ? { cause: init.cause } : {}),
    ...(init.engine !== undefined ? { engine: init.engine } : {}),
    ...(init.status !== undefined ? { status: init.status } : {}),
  });
}

import { WardenError } from '@warden/protocol';
import type { DashErrorCode } from './error-codes.js';

const BRAND = Symbol.for('warden.error.dash');

/**
 * The dashboard could not start, or refused a request. Codes start with `dash.`
 * (see DASH_ERROR_CODES). Messages never hold tokens, passwords or report content.
 */
export class DashError extends WardenError {
  readonly [BRAND] = true;
  declare readonly code: DashErrorCode;

  constructor(options: { code: DashErrorCode; message: string; hint?: string; cause?: unknown }) {
    super(options);
    this.name = 'DashError';
  }

  static override isInstance(value: unknown): value is DashError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

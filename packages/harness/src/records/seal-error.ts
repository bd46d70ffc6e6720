import { WardenError, type WardenErrorOptions } from '@warden/protocol';
import type { SealErrorCode } from './seal-error-codes.js';

const BRAND = Symbol.for('warden.error.seal');

/** A sealed record value cannot be sealed or opened. Codes start with `seal.`. */
export class SealError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: SealErrorCode }) {
    super(options);
    this.name = 'SealError';
  }

  static override isInstance(value: unknown): value is SealError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

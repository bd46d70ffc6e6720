import { WardenError, type WardenErrorOptions } from '@warden/protocol';
import type { TracingErrorCode } from './tracing-error-codes.js';

const BRAND = Symbol.for('warden.error.tracing');

/** Tracing cannot start. Codes start with `tracing.`. */
export class TracingError extends WardenError {
  readonly [BRAND] = true;

  constructor(options: WardenErrorOptions & { code: TracingErrorCode }) {
    super(options);
    this.name = 'TracingError';
  }

  static override isInstance(value: unknown): value is TracingError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

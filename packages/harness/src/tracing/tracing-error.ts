import { WardenError, type WardenErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.tracing');

/** Stable codes of `TracingError`; pinned by a table test. */
export const TRACING_ERROR_CODES = {
  'tracing.api_missing': 'Tracing was asked for but @opentelemetry/api is not installed (it is an optional peer).',
} as const;
export type TracingErrorCode = keyof typeof TRACING_ERROR_CODES;

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

import { WardenError, type WardenErrorOptions } from './warden-error.js';

const BRAND = Symbol.for('warden.error.provider');

export interface ProviderErrorOptions<C extends string = string> extends WardenErrorOptions<C> {
  provider: string;
  status?: number;
  retryable: boolean;
  /** Milliseconds the vendor asked us to wait, when it said. */
  retryAfterMs?: number;
  attempts?: number;
  requestId?: string;
}

/**
 * A model call failed. Codes: `provider.auth`, `provider.rate_limited`,
 * `provider.overloaded`, `provider.context_length`, `provider.content_filter`,
 * `provider.timeout`, `provider.network`, `provider.unavailable`,
 * `provider.bad_request`, `provider.bad_response`, `provider.circuit_open`,
 * `provider.aborted`, `provider.not_configured`.
 */
export class ProviderError extends WardenError {
  readonly [BRAND] = true;
  readonly provider: string;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly attempts: number;
  readonly requestId?: string;

  constructor(options: ProviderErrorOptions) {
    super(options);
    this.name = 'ProviderError';
    this.provider = options.provider;
    this.retryable = options.retryable;
    this.attempts = options.attempts ?? 1;
    if (options.status !== undefined) this.status = options.status;
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
    if (options.requestId !== undefined) this.requestId = options.requestId;
  }

  static override isInstance(value: unknown): value is ProviderError {
    return WardenError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.rate_limited');

/** The vendor rate-limited the call (429). Code `provider.rate_limited`. */
export class RateLimitError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.rate_limited' });
    this.name = 'RateLimitError';
  }

  static override isInstance(value: unknown): value is RateLimitError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

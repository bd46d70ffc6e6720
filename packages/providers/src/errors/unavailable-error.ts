import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.unavailable');

/** The vendor answered with a server error (5xx, 409, 425). Code `provider.unavailable`. */
export class UnavailableError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.unavailable' });
    this.name = 'UnavailableError';
  }

  static override isInstance(value: unknown): value is UnavailableError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

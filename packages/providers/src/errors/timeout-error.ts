import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.timeout');

/** The call timed out (headers, an idle stream, or HTTP 408). Code `provider.timeout`. */
export class TimeoutError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.timeout' });
    this.name = 'TimeoutError';
  }

  static override isInstance(value: unknown): value is TimeoutError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.network');

/** The connection failed or dropped, or a stream ended early. Code `provider.network`. */
export class NetworkError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.network' });
    this.name = 'NetworkError';
  }

  static override isInstance(value: unknown): value is NetworkError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

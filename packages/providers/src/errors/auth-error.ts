import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.auth');

/** The vendor refused the credentials (401/403). Code `provider.auth`. */
export class AuthError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.auth' });
    this.name = 'AuthError';
  }

  static override isInstance(value: unknown): value is AuthError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.overloaded');

/** The vendor is overloaded (529 or an overloaded_error). Code `provider.overloaded`. */
export class OverloadedError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.overloaded' });
    this.name = 'OverloadedError';
  }

  static override isInstance(value: unknown): value is OverloadedError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

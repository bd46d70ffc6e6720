import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.context_length');

/** The request does not fit the model context window. Code `provider.context_length`. */
export class ContextLengthError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.context_length' });
    this.name = 'ContextLengthError';
  }

  static override isInstance(value: unknown): value is ContextLengthError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

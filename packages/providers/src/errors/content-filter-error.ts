import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';

const BRAND = Symbol.for('warden.error.provider.content_filter');

/** The vendor refused the content. Code `provider.content_filter`. */
export class ContentFilterError extends ProviderError {
  readonly [BRAND] = true;

  constructor(options: Omit<ProviderErrorOptions, 'code'>) {
    super({ ...options, code: 'provider.content_filter' });
    this.name = 'ContentFilterError';
  }

  static override isInstance(value: unknown): value is ContentFilterError {
    return ProviderError.isInstance(value) && (value as unknown as Record<symbol, unknown>)[BRAND] === true;
  }
}

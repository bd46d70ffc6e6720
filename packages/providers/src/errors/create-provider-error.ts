import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';
import type { ProviderCallCode } from './coded-errors.js';
import { AuthError } from './auth-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { OverloadedError } from './overloaded-error.js';
import { ContextLengthError } from './context-length-error.js';
import { ContentFilterError } from './content-filter-error.js';
import { TimeoutError } from './timeout-error.js';
import { NetworkError } from './network-error.js';
import { UnavailableError } from './unavailable-error.js';

/**
 * A ProviderError of the subclass its code names (`provider.rate_limited` →
 * RateLimitError, …); codes without a subclass give a plain ProviderError.
 */
export function createProviderError(options: ProviderErrorOptions<ProviderCallCode>): ProviderError {
  const { code, ...rest } = options;
  switch (code) {
    case 'provider.auth':
      return new AuthError(rest);
    case 'provider.rate_limited':
      return new RateLimitError(rest);
    case 'provider.overloaded':
      return new OverloadedError(rest);
    case 'provider.context_length':
      return new ContextLengthError(rest);
    case 'provider.content_filter':
      return new ContentFilterError(rest);
    case 'provider.timeout':
      return new TimeoutError(rest);
    case 'provider.network':
      return new NetworkError(rest);
    case 'provider.unavailable':
      return new UnavailableError(rest);
    default:
      return new ProviderError(options);
  }
}

/**
 * The same error for a code that was already thrown (another ProviderError's, or one read back
 * from a recording): the code is passed on, not chosen here, so it is not narrowed to the table.
 */
export function passOnProviderError(options: ProviderErrorOptions): ProviderError {
  return createProviderError(options as ProviderErrorOptions<ProviderCallCode>);
}

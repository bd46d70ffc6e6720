import { ProviderError } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';
import { redactText } from '../transport/redact.js';

/**
 * Maps an error a vendor sent inside a stream (`event: error`, a `{ "error": … }`
 * chunk) to a typed error. Overload and server errors are retryable, so a
 * stream that fails before its first token is tried again.
 */
export function errorFromStreamEvent(provider: string, error: { type?: string; code?: string; message?: string }): ProviderError {
  const descriptor = `${error.type ?? ''} ${error.code ?? ''}`.toLowerCase();
  const message = error.message ? `: ${redactText(error.message, [])}` : '';
  const base = { provider, message: `${provider} reported an error in the stream (${descriptor.trim() || 'unknown'})${message}` };
  if (descriptor.includes('overloaded')) return createProviderError({ ...base, code: 'provider.overloaded', retryable: true });
  if (descriptor.includes('rate_limit') || descriptor.includes('resource_exhausted')) {
    return createProviderError({ ...base, code: 'provider.rate_limited', retryable: true });
  }
  if (descriptor.includes('context') || /too long|maximum context/i.test(error.message ?? '')) {
    return createProviderError({ ...base, code: 'provider.context_length', retryable: false });
  }
  if (descriptor.includes('invalid_request') || descriptor.includes('invalid_argument') || descriptor.includes('permission') || descriptor.includes('auth')) {
    return createProviderError({ ...base, code: descriptor.includes('auth') || descriptor.includes('permission') ? 'provider.auth' : 'provider.bad_request', retryable: false });
  }
  return createProviderError({ ...base, code: 'provider.unavailable', retryable: true });
}

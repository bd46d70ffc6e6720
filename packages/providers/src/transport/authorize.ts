import { ProviderError } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';
import type { OutgoingRequest, RequestAuthorizer } from './http-transport.js';
import { redactText } from './redact.js';

/**
 * Runs a request's `authorize` for one attempt. A token source or signer that fails says so as
 * `provider.auth` (not retried: a credential that cannot be had now will not appear in a second),
 * with its own message scrubbed of anything key-shaped; a ProviderError it throws passes through.
 */
export async function authorizeAttempt(provider: string, authorize: RequestAuthorizer, request: OutgoingRequest): Promise<Record<string, string>> {
  let headers: unknown;
  try {
    headers = await authorize(request);
  } catch (error) {
    if (ProviderError.isInstance(error)) throw error;
    const reason = error instanceof Error ? redactText(error.message, []) : 'unknown reason';
    throw createProviderError({
      code: 'provider.auth',
      message: `${provider} could not get credentials for the call: ${reason}`,
      hint: 'Check the token function or the credential variables for this provider.',
      provider,
      retryable: false,
      cause: error,
    });
  }
  if (typeof headers !== 'object' || headers === null) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') out[name.toLowerCase()] = value;
  return out;
}

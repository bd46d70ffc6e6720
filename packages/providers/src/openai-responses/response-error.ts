import type { ProviderError } from '@warden/protocol';
import { asObj, asStr, type Obj } from '../shared/guards.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';

/** A response whose `status` is `failed` (in a 200 body or a `response.failed` event), as a typed error. */
export function failedResponseError(provider: string, response: Obj | undefined): ProviderError {
  const error = asObj(response?.error);
  return errorFromStreamEvent(provider, { code: asStr(error?.code) ?? 'server_error', message: asStr(error?.message) ?? 'the response failed' });
}

/**
 * Every error code this package throws. Codes are public API: a table test
 * pins them. All but `provider.replay_mismatch` and `config.invalid` are the
 * shared codes of `@warden/protocol`.
 */
export const PROVIDER_ERROR_CODES = Object.freeze({
  'provider.auth': 'The vendor refused the credentials (401/403).',
  'provider.rate_limited': 'The vendor rate-limited the call (429); retried unless the quota is exhausted.',
  'provider.overloaded': 'The vendor is overloaded (529, overloaded_error); retried.',
  'provider.context_length': 'The request does not fit the model context window.',
  'provider.content_filter': 'The vendor refused the content.',
  'provider.timeout': 'No headers, or a silent body, within the timeout (or HTTP 408); retried.',
  'provider.network': 'The connection failed or dropped, or a stream ended early; retried.',
  'provider.unavailable': 'A 5xx (or 409/425) answer; retried.',
  'provider.bad_request': 'The vendor rejected the request (4xx) or it is not a valid ModelRequest.',
  'provider.bad_response': 'The vendor answered with something that is not its documented format.',
  'provider.circuit_open': 'The circuit breaker for this provider is open.',
  'provider.aborted': 'The call was cancelled by its AbortSignal.',
  'provider.not_configured': 'The provider lacks a key, a model or a base URL.',
  'provider.replay_mismatch': 'A replayed call has no matching recorded exchange.',
  'config.invalid': 'An option is invalid (unknown preset or provider, a bad price, a generation parameter out of range or one the provider cannot take).',
  'config.unknown_key': 'A factory option or a generation parameter that does not exist (the message says which was meant).',
} as const);

export type ProviderErrorCode = keyof typeof PROVIDER_ERROR_CODES;

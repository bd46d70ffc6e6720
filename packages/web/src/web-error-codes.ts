/**
 * The error codes `@warden/web` throws. Codes are public API: renaming or removing one is a breaking
 * change. All are `WebError`s, and no message ever holds an engine key or an operator's credential.
 */
export const WEB_ERROR_CODES = {
  'web.invalid_options': 'A web tool was built with options it cannot use (an unknown key, an engine without a key, a bad limit).',
  'web.address_refused': 'The address is not allowed: not http/https, a blocked or not-allowed domain, or a name that resolves to a loopback, private, link-local or metadata address.',
  'web.search_failed': 'Every search engine failed or returned nothing; the message names each engine and why.',
  'web.fetch_failed': 'A fetch failed: a network error, an HTTP error status, a refused content type or too many redirects.',
  'web.too_large': 'A response was larger than the size limit.',
  'web.timeout': 'A request or a whole search ran longer than its deadline.',
  'web.browser_unavailable': 'The browser could not start: playwright-core is not installed or no Chromium was found at the executable path.',
  'web.browser_action_failed': 'A browser action failed: a stale or unknown element number, a page that changed, a download, a crashed tab.',
  'web.openapi_invalid': 'An OpenAPI document could not be read, parsed or resolved.',
  'web.openapi_call_failed': 'An OpenAPI operation answered with an error status or could not be called.',
} as const;

export type WebErrorCode = keyof typeof WEB_ERROR_CODES;

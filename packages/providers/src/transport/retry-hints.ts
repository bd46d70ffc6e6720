import { parseDuration, headerValue, type HeaderBag } from './retry-after.js';

/**
 * Gemini (and every Google API) puts its wait in the error body, not a header:
 * `{ error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' }] } }`.
 * Returns the delay in ms, or undefined when the body has none.
 */
export function retryInfoDelayMs(body: string | undefined): number | undefined {
  if (body === undefined || !body.includes('RetryInfo')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const root = Array.isArray(parsed) ? parsed[0] : parsed;
  const details = (root as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue;
    const type = (detail as Record<string, unknown>)['@type'];
    if (typeof type !== 'string' || !type.endsWith('google.rpc.RetryInfo')) continue;
    const delay = (detail as Record<string, unknown>).retryDelay;
    if (typeof delay === 'string') return parseDuration(delay);
    if (typeof delay === 'object' && delay !== null) {
      const { seconds, nanos } = delay as { seconds?: unknown; nanos?: unknown };
      const s = Number(seconds ?? 0);
      const n = Number(nanos ?? 0);
      if (Number.isFinite(s) && Number.isFinite(n)) return Math.round(s * 1000 + n / 1e6);
    }
  }
  return undefined;
}

/** OpenAI's and Anthropic's `x-should-retry`: `true` forces a retry, `false` forbids one; else undefined. */
export function shouldRetryHeader(headers: HeaderBag): boolean | undefined {
  const value = headerValue(headers, 'x-should-retry')?.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

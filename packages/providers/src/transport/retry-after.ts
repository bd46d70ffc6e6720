import { parseDuration } from '@warden/protocol/checks';

/** Response headers, lower-cased names, as undici returns them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value[0];
  return value;
}

// OpenAI's reset headers (`6m0s`, `1h2m3.5s`, `20ms`) are read by protocol's one duration parser.
export { parseDuration };

/**
 * How long the server asked us to wait, in milliseconds, from every form
 * vendors use: `retry-after-ms`, `retry-after` in seconds or as an HTTP date,
 * and OpenAI's `x-ratelimit-reset-requests` / `x-ratelimit-reset-tokens`
 * (the one whose `x-ratelimit-remaining-*` is 0 wins; else the longest).
 */
export function parseRetryAfter(headers: HeaderBag, now: number): number | undefined {
  const ms = headerValue(headers, 'retry-after-ms');
  if (ms !== undefined && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.max(0, Math.round(Number(ms)));

  const after = headerValue(headers, 'retry-after');
  if (after !== undefined) {
    const text = after.trim();
    if (/^\d+(\.\d+)?$/.test(text)) return Math.max(0, Math.round(Number(text) * 1000));
    const date = Date.parse(text);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }

  const resets: number[] = [];
  const exhausted: number[] = [];
  for (const kind of ['requests', 'tokens']) {
    const reset = headerValue(headers, `x-ratelimit-reset-${kind}`);
    if (reset === undefined) continue;
    const value = parseDuration(reset);
    if (value === undefined) continue;
    resets.push(value);
    if (headerValue(headers, `x-ratelimit-remaining-${kind}`)?.trim() === '0') exhausted.push(value);
  }
  if (exhausted.length > 0) return Math.max(...exhausted);
  if (resets.length > 0) return Math.max(...resets);
  return undefined;
}

/** Response headers, lower-cased names, as undici returns them. */
export type HeaderBag = Record<string, string | string[] | undefined>;

export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name];
  if (Array.isArray(value)) return value[0];
  return value;
}

/**
 * Parses an OpenAI-style duration (`1s`, `6m0s`, `20ms`, `1h2m3.5s`) into
 * milliseconds; undefined when the text is not one.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const pattern = /(\d+(?:\.\d+)?)(ms|h|m|s)/gy;
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(trimmed)) !== null) {
    const amount = Number(match[1]);
    const unit = match[2];
    total += unit === 'h' ? amount * 3_600_000 : unit === 'm' ? amount * 60_000 : unit === 's' ? amount * 1000 : amount;
    consumed = pattern.lastIndex;
  }
  if (consumed !== trimmed.length) return undefined;
  return Math.round(total);
}

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
    const value = parseDuration(reset) ?? (/^\d+(\.\d+)?$/.test(reset.trim()) ? Math.round(Number(reset) * 1000) : undefined);
    if (value === undefined) continue;
    resets.push(value);
    if (headerValue(headers, `x-ratelimit-remaining-${kind}`)?.trim() === '0') exhausted.push(value);
  }
  if (exhausted.length > 0) return Math.max(...exhausted);
  if (resets.length > 0) return Math.max(...resets);
  return undefined;
}

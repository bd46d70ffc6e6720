import { ProviderError } from '@warden/protocol';
import { mediaError } from '../coded-errors.js';
import { describeBody } from '../magic-bytes.js';
import type { MediaError } from '../media-error.js';

/** `https://host/path`: no query string, no credentials. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an unparsable URL)';
  }
}

/**
 * A vendor call's failure as the generator reads it: a refused prompt becomes `media.refused`
 * (never retried, never sent elsewhere); any other ProviderError becomes `media.engine_failed`
 * naming the engine, method, URL and HTTP status, with the ProviderError as its cause. An HTML
 * error page never reaches the message: the transport keeps only a vendor's JSON error text.
 */
export function describeFailure(engine: string, method: string, url: string, thrown: unknown): unknown {
  if (!ProviderError.isInstance(thrown)) return thrown;
  const status = thrown.status !== undefined ? { status: thrown.status } : {};
  if (thrown.code === 'provider.content_filter') {
    return mediaError('media.refused', { message: `${engine} refused the prompt: ${thrown.message}`, hint: 'Rephrase the prompt; it was not retried or sent to another engine.', engine, cause: thrown, ...status });
  }
  if (thrown.code === 'provider.aborted') return thrown;
  return mediaError('media.engine_failed', {
    message: `${engine}: ${method} ${safeUrl(url)} failed${thrown.status !== undefined ? ` with HTTP ${thrown.status}` : ''} (${thrown.code}): ${thrown.message}`,
    hint: thrown.hint ?? 'Check the engine\'s key, quota and base URL; the next engine takes over when there is one.',
    engine,
    cause: thrown,
    ...status,
  });
}

/** A 2xx answer that is not what was asked: names the engine, status, URL and what came back. */
export function badResponse(engine: string, url: string, status: number, bytes: Uint8Array, contentType: string | undefined, expected: string): MediaError {
  return mediaError('media.bad_response', {
    message: `${engine}: ${safeUrl(url)} answered HTTP ${status} with ${describeBody(bytes, contentType)} instead of ${expected}`,
    hint: 'The vendor (or a proxy in front of it) sent a page instead of the result; check the base URL.',
    engine,
    status,
  });
}

/** Parses a JSON answer the engine asked for, or fails naming the URL (never dumping the body). */
export function jsonOf(engine: string, url: string, status: number, bytes: Uint8Array, contentType: string | undefined): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badResponse(engine, url, status, bytes, contentType, 'JSON');
  }
}

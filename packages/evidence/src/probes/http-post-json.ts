import { RemoteTargetFailure } from './remote-target-failure.js';
import { TargetResultInvalid } from './module-target.js';

/** The largest response body a remote target may send (its evidence alone is capped at 256 KiB). */
export const MAX_REMOTE_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface PostJsonOptions {
  headers?: Readonly<Record<string, string>>;
  signal: AbortSignal;
  /** The fetch to use (default the global one): a probe server passes one that connects only to checked addresses. */
  fetch?: typeof fetch;
}

/** What a 2xx answer held: JSON, or nothing at all (an empty body). */
export type PostJsonAnswer = { kind: 'json'; value: unknown } | { kind: 'empty' };

async function readCapped(response: Response): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_REMOTE_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new TargetResultInvalid('evidence_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * POSTs `body` as JSON and reads the answer. Redirects are not followed (a 3xx is
 * a failed call, so headers never travel to another origin). A network failure
 * is `TargetUnreachable`, a non-2xx status `TargetHttpStatus` (HTTP n), a body
 * that is not JSON or is too large a TargetResultInvalid. When `signal` aborts,
 * its reason is thrown (the caller's deadline already decided the outcome).
 */
export async function postJson(url: string, body: unknown, options: PostJsonOptions): Promise<PostJsonAnswer> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { ...options.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new RemoteTargetFailure('TargetUnreachable');
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel().catch(() => undefined);
    throw new RemoteTargetFailure('TargetHttpStatus', `HTTP ${response.status}`);
  }
  let text: string;
  try {
    text = await readCapped(response);
  } catch (error) {
    if (error instanceof TargetResultInvalid || options.signal.aborted) throw error;
    throw new RemoteTargetFailure('TargetUnreachable');
  }
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) as unknown };
  } catch {
    throw new TargetResultInvalid('evidence_invalid_result');
  }
}

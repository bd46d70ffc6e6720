import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressPolicy } from './address-policy.js';
import { webError } from './coded-errors.js';

/** One HTTP exchange through the address policy. */
export interface GuardedRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole-exchange deadline (default 15 s). */
  timeoutMs?: number;
  /** Larger bodies fail with `web.too_large` (default 5 MiB). */
  maxBytes?: number;
  /** `follow` re-checks every hop against the policy (at most `maxRedirects`, default 5); `manual` returns the 3xx. */
  redirect?: 'follow' | 'manual';
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** The URLs redirected through, in order. */
  redirects: string[];
}

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

function flatHeaders(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(message.headers)) if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

async function once(policy: AddressPolicy, url: string, request: GuardedRequest, signal: AbortSignal, maxBytes: number): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const target = await policy.check(url);
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target.url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': 'warden-web/0 (+https://example.invalid/warden)', ...request.headers },
      // Connect to the address that was checked, never to a fresh answer from DNS.
      lookup: (_name, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address: target.address, family: target.family }]);
        else callback(null, target.address, target.family);
      },
      signal,
    });
    req.once('error', (error) => reject(signal.aborted ? webError('web.timeout', `${target.url.host} did not answer in time`) : webError('web.fetch_failed', `${target.url.host}: ${error.message}`, undefined, error)));
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const declared = Number(res.headers['content-length'] ?? '0');
      if (declared > maxBytes) {
        res.destroy();
        reject(webError('web.too_large', `${target.url.host} answered ${declared} bytes, more than the ${maxBytes}-byte limit`));
        return;
      }
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(webError('web.too_large', `${target.url.host} answered more than the ${maxBytes}-byte limit`));
          return;
        }
        chunks.push(chunk);
      });
      res.once('error', (error) => reject(signal.aborted ? webError('web.timeout', `${target.url.host} did not finish in time`) : webError('web.fetch_failed', `${target.url.host}: ${error.message}`)));
      res.once('end', () => resolve({ status: res.statusCode ?? 502, headers: flatHeaders(res), body: Buffer.concat(chunks) }));
    });
    req.end(request.body);
  });
}

/**
 * Sends a request only to addresses the policy allows, pinned to the checked address, with a
 * deadline and a size limit; redirects are followed only after the next hop passes the policy.
 */
export async function guardedRequest(policy: AddressPolicy, request: GuardedRequest): Promise<GuardedResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = request.maxRedirects ?? 5;
  const redirects: string[] = [];
  let url = request.url;
  let current = request;
  for (;;) {
    const answer = await once(policy, url, current, signal, maxBytes);
    const location = answer.headers.location;
    if (request.redirect === 'manual' || answer.status < 300 || answer.status >= 400 || location === undefined) return { ...answer, url, redirects };
    if (redirects.length >= maxRedirects) throw webError('web.fetch_failed', `more than ${maxRedirects} redirects from ${new URL(request.url).host}`);
    const next = new URL(location, url).toString();
    redirects.push(next);
    // A redirect to another origin never carries the caller's headers (credentials among them).
    const sameOrigin = new URL(next).origin === new URL(url).origin;
    const keepBody = answer.status === 307 || answer.status === 308;
    current = { ...current, method: keepBody ? (current.method ?? 'GET') : 'GET', ...(sameOrigin ? {} : { headers: {} }), ...(keepBody ? {} : { body: undefined }) };
    url = next;
  }
}

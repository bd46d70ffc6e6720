import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { addressPolicy, type AddressPolicyOptions } from './address-policy.js';
import { webError } from './coded-errors.js';
import { guardedRequest } from './guarded-http.js';
import { readableText } from './readable-text.js';

export interface WebFetchOptions extends AddressPolicyOptions {
  /** Largest body read (default 5 MiB) and deadline (default 15 s). */
  maxBytes?: number;
  timeoutMs?: number;
  /** Largest text handed back (default 40,000 characters; the rest is cut with a note). */
  maxChars?: number;
  /** Redirects followed, each re-checked against the policy (default 5). */
  maxRedirects?: number;
}

export interface FetchedPage {
  url: string;
  status: number;
  contentType: string;
  title: string;
  /** Readable text: Markdown for HTML, the body for text and JSON. */
  text: string;
  truncated: boolean;
  redirects: string[];
}

export interface WebFetch {
  fetch(url: string, signal?: AbortSignal): Promise<FetchedPage>;
}

const KEYS = { allowedDomains: true, blockedDomains: true, allowHosts: true, maxBytes: true, timeoutMs: true, maxChars: true, maxRedirects: true } satisfies OptionKeys<WebFetchOptions>;

const TEXT_TYPES = /^(text\/(plain|markdown|csv|xml)|application\/(json|xml|[a-z.+-]+\+json|[a-z.+-]+\+xml))$/;

/**
 * Fetches a page as readable text: the address policy on the URL and every redirect, a size and a
 * time limit, only HTML and text content types, and HTML read by Readability rather than regexes.
 * What comes back is untrusted content.
 */
export function webFetch(options: WebFetchOptions = {}): WebFetch {
  const o = strictOptions('webFetch', KEYS, options);
  const policy = addressPolicy(o);
  const maxChars = o.maxChars ?? 40_000;
  return {
    async fetch(url, signal) {
      const response = await guardedRequest(policy, {
        url,
        headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1' },
        redirect: 'follow',
        ...(o.maxBytes !== undefined ? { maxBytes: o.maxBytes } : {}),
        ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        ...(o.maxRedirects !== undefined ? { maxRedirects: o.maxRedirects } : {}),
        ...(signal ? { signal } : {}),
      });
      const host = new URL(response.url).host;
      if (response.status >= 400) throw webError('web.fetch_failed', `${host} answered HTTP ${response.status}`);
      const contentType = (response.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
      const body = response.body.toString('utf8');
      let title = '';
      let text: string;
      if (contentType === 'text/html' || contentType === 'application/xhtml+xml') {
        const page = readableText(body, response.url);
        title = page.title;
        text = page.markdown;
      } else if (TEXT_TYPES.test(contentType)) {
        text = body;
      } else {
        throw webError('web.fetch_failed', `${host} answered ${contentType}, which is not text`, 'Only HTML, text and JSON pages are read.');
      }
      const truncated = text.length > maxChars;
      return { url: response.url, status: response.status, contentType, title, text: truncated ? `${text.slice(0, maxChars)}\n\n[cut at ${maxChars} characters]` : text, truncated, redirects: response.redirects };
    },
  };
}

import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AlertDelivery, AlertWebhook } from './budget-alert-types.js';

/** The URL as shown in deliveries and errors: no userinfo, query or fragment (where tokens hide). */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body under the webhook's secret. */
export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The request target without userinfo (fetch refuses it) and the Basic credentials it held. */
function target(url: string): { href: string; authorization?: string } {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return { href: parsed.href };
  const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
  parsed.username = '';
  parsed.password = '';
  return { href: parsed.href, authorization: `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A failure in words that cannot carry the URL or the secret: a status, `timeout`, or a system error code. */
function failureOf(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code && /^[A-Z0-9_]+$/.test(code) ? `network:${code}` : 'network';
}

/**
 * POSTs `body` to one webhook, signed, updating `delivery` as it goes: each attempt times out
 * after `timeoutMs`; a 5xx, a timeout or a network error is retried with exponential backoff up
 * to `retries` times; a 4xx is final (the receiver refused it; sending it again will not help).
 */
export async function deliverAlert(webhook: AlertWebhook, body: string, delivery: AlertDelivery): Promise<void> {
  const { href, authorization } = target(webhook.url);
  const retries = Math.max(0, Math.floor(webhook.retries ?? 3));
  const timeoutMs = webhook.timeoutMs ?? 5000;
  const backoffMs = webhook.backoffMs ?? 250;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-warden-signature': signatureOf(body, webhook.secret), 'user-agent': 'warden-budget-alerts' };
  if (authorization) headers.authorization = authorization;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1));
    delivery.attempts = attempt + 1;
    let retryable: boolean;
    try {
      const response = await fetch(href, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      await response.arrayBuffer().catch(() => undefined);
      delivery.httpStatus = response.status;
      if (response.status >= 200 && response.status < 300) {
        delivery.status = 'delivered';
        delete delivery.error;
        return;
      }
      delivery.error = `http_${response.status}`;
      retryable = response.status >= 500;
    } catch (error) {
      delete delivery.httpStatus;
      delivery.error = failureOf(error);
      retryable = true;
    }
    if (!retryable) break;
  }
  delivery.status = 'failed';
}

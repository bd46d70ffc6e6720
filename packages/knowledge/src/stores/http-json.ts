import { knowledgeError } from '../coded-errors.js';

export interface HttpJsonOptions {
  /** Headers sent with every request (the key among them); their values never reach an error. */
  headers: Record<string, string>;
  /** Attempts for 429, 5xx, network errors and timeouts (default 4). */
  attempts?: number;
  /** Ms one attempt may take (default 15 000). */
  timeoutMs?: number;
  /** First backoff in ms, doubled per retry (default 100); a Retry-After is honoured up to 5 s. */
  backoffMs?: number;
}

export type HttpJson = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

const RETRYABLE = (status: number): boolean => status === 429 || status >= 500;

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, 5000) : undefined;
}

/**
 * JSON over HTTP for a server store: retries 429/5xx/timeouts with backoff; errors name the method,
 * path and status only (the base URL's credentials and the key headers never appear). A 404 is
 * returned, not thrown (the caller decides what missing means).
 */
export function httpJson(baseUrl: string, options: HttpJsonOptions): HttpJson {
  const base = new URL(baseUrl);
  const attempts = options.attempts ?? 4;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const backoff = options.backoffMs ?? 100;
  // A server that echoes a request header back must not carry the key into an error.
  const scrub = (text: string): string => Object.values(options.headers).reduce((t, v) => (v.length >= 8 ? t.split(v).join('[redacted]') : t), text);
  return async (method, path, body) => {
    let last = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let wait = backoff * 2 ** (attempt - 1);
      try {
        const response = await fetch(new URL(path, base), {
          method,
          headers: { ...options.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        if (response.ok || response.status === 404) return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
        last = `${method} ${path} answered ${response.status}`;
        if (!RETRYABLE(response.status)) throw knowledgeError('knowledge.store_failed', `${last}: ${scrub(text.slice(0, 300))}`);
        wait = retryAfterMs(response.headers.get('retry-after')) ?? wait;
      } catch (error) {
        if ((error as { code?: string }).code === 'knowledge.store_failed') throw error;
        last = `${method} ${path} failed: ${(error as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : scrub((error as Error).message)}`;
      }
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    throw knowledgeError('knowledge.store_failed', `${last} (after ${attempts} attempts).`, 'Is the server up at that address?');
  };
}

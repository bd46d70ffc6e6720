import type { GuardedResponse } from './guarded-http.js';

/**
 * Why an engine's request failed, and whether trying again can help: refused keys (401/403) and
 * exhausted quotas (402, or a 429 that asks to wait longer than the retry budget) never retry.
 */
export interface EngineFailure {
  readonly engineFailure: true;
  readonly reason: string;
  readonly retryable: boolean;
  /** Seconds the engine asked to wait (Retry-After). */
  readonly retryAfterS?: number;
}

export function isEngineFailure(value: unknown): value is EngineFailure {
  return typeof value === 'object' && value !== null && (value as { engineFailure?: unknown }).engineFailure === true;
}

/** Parses Retry-After (seconds or an HTTP date) into seconds. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The failure an HTTP status means, or undefined for a success. */
export function statusFailure(response: GuardedResponse): EngineFailure | undefined {
  const status = response.status;
  if (status >= 200 && status < 300) return undefined;
  const retryAfterS = retryAfterSeconds(response.headers['retry-after']);
  const base = { engineFailure: true as const, ...(retryAfterS !== undefined ? { retryAfterS } : {}) };
  if (status === 401 || status === 403) return { ...base, reason: `key refused (HTTP ${status})`, retryable: false };
  if (status === 402) return { ...base, reason: 'quota exhausted (HTTP 402)', retryable: false };
  if (status === 429) return { ...base, reason: 'rate limited (HTTP 429)', retryable: true };
  if (status >= 500 || status === 408) return { ...base, reason: `HTTP ${status}`, retryable: true };
  return { ...base, reason: `HTTP ${status}`, retryable: false };
}

/** A failure with words of the engine's own (a body it could not read). */
export function engineFailure(reason: string, retryable = false): EngineFailure {
  return { engineFailure: true, reason, retryable };
}

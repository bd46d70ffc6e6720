/** How a transport retries. Every field has a safe default. */
export interface RetryPolicyOptions {
  /** Retries after the first attempt (default 3). */
  maxRetries?: number;
  /** First backoff step in ms (default 500); doubles each attempt, with full jitter. */
  baseDelayMs?: number;
  /** Largest backoff step in ms (default 20 000). */
  maxDelayMs?: number;
  /**
   * A server asking to wait longer than this (ms) makes the call fail at once,
   * so a fallback provider can take over (default 60 000).
   */
  maxRetryAfterMs?: number;
  /** No retry starts once this many ms have passed since the first attempt (default 120 000). */
  maxElapsedMs?: number;
}

export interface RetryDecision {
  retry: boolean;
  delayMs: number;
  /** Why no retry: `exhausted`, `retry_after_too_long`, `elapsed`. */
  reason?: 'exhausted' | 'retry_after_too_long' | 'elapsed';
}

/** The statuses worth another attempt. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || (status >= 500 && status <= 599);
}

/** Exponential backoff with full jitter, honouring Retry-After up to a ceiling. */
export class RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxRetryAfterMs: number;
  readonly maxElapsedMs: number;
  private readonly random: () => number;

  constructor(options: RetryPolicyOptions = {}, random: () => number = Math.random) {
    this.maxRetries = options.maxRetries ?? 3;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 20_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.maxElapsedMs = options.maxElapsedMs ?? 120_000;
    this.random = random;
  }

  /** The backoff before retry number `retry` (1-based), without a server hint. */
  backoff(retry: number): number {
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.max(0, retry - 1));
    return Math.floor(this.random() * ceiling);
  }

  /**
   * Decides after failed attempt number `attempt` (1-based) whether to try
   * again and after how long. `elapsedMs` is the time since the first attempt.
   */
  decide(attempt: number, elapsedMs: number, retryAfterMs: number | undefined): RetryDecision {
    if (retryAfterMs !== undefined && retryAfterMs > this.maxRetryAfterMs) {
      return { retry: false, delayMs: 0, reason: 'retry_after_too_long' };
    }
    if (attempt > this.maxRetries) return { retry: false, delayMs: 0, reason: 'exhausted' };
    const delayMs = retryAfterMs ?? this.backoff(attempt);
    if (elapsedMs + delayMs > this.maxElapsedMs) return { retry: false, delayMs: 0, reason: 'elapsed' };
    return { retry: true, delayMs };
  }
}

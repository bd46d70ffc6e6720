export type BreakerState = 'closed' | 'open' | 'half_open';

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit (default 5). */
  failureThreshold?: number;
  /** How long the circuit stays open before one probe is let through, in ms (default 30 000). */
  openMs?: number;
  /** The clock, in ms; injectable for tests (default `Date.now`). */
  now?: () => number;
}

/**
 * A per-provider circuit breaker: after `failureThreshold` consecutive failed
 * **calls** it refuses calls for `openMs`, then lets exactly one probe through;
 * the probe's outcome closes or re-opens it. Only failures that say the
 * service is unwell count (5xx, 408/409/425/429/529, timeouts, dropped
 * connections); a 4xx caused by the request never does.
 *
 * It counts calls, not attempts: one call that fails after three retries is
 * one failure (`onFailure`), and a call that succeeds on a retry is a success.
 * A failed attempt that will be retried (`onAttemptFailure`) changes nothing,
 * except that a failed half-open probe re-opens the circuit at once.
 */
export class CircuitBreaker {
  readonly failureThreshold: number;
  readonly openMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openedAt = 0;
  private current: BreakerState = 'closed';
  private probeInFlight = false;

  constructor(options: CircuitBreakerOptions = {}) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.openMs = options.openMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  get state(): BreakerState {
    if (this.current === 'open' && this.now() - this.openedAt >= this.openMs) return 'half_open';
    return this.current;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Ms until the open circuit lets a probe through; 0 when it is not open. */
  remainingOpenMs(): number {
    if (this.current !== 'open') return 0;
    return Math.max(0, this.openMs - (this.now() - this.openedAt));
  }

  /** Asks to start an attempt: true when allowed (a half-open circuit allows one probe). */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open') return false;
    if (this.probeInFlight) return false;
    this.current = 'half_open';
    this.probeInFlight = true;
    return true;
  }

  onSuccess(): void {
    this.failures = 0;
    this.probeInFlight = false;
    this.current = 'closed';
  }

  onFailure(): void {
    this.failures += 1;
    if (this.current === 'half_open' || this.failures >= this.failureThreshold) {
      this.current = 'open';
      this.openedAt = this.now();
    }
    this.probeInFlight = false;
  }

  /** An attempt failed and its call will retry: only a half-open probe's failure counts (it re-opens the circuit). */
  onAttemptFailure(): void {
    if (this.current !== 'half_open') return;
    this.current = 'open';
    this.openedAt = this.now();
    this.probeInFlight = false;
  }

  /** An attempt ended without saying anything about the service (a 4xx, an abort). */
  onNeutral(): void {
    // A probe that got any answer at all shows the service is reachable.
    if (this.probeInFlight) this.onSuccess();
  }
}

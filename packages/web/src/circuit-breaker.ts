/**
 * A breaker per engine: after `failures` consecutive failed searches it opens for `cooldownMs`;
 * then one probe goes through (half-open) — its success closes it, its failure opens it again.
 * It counts searches, not HTTP attempts (a search that retried twice and failed is one failure).
 */
export interface BreakerOptions {
  /** Consecutive failures that open the breaker (default 3). */
  failures?: number;
  /** How long it stays open (default 60 s). */
  cooldownMs?: number;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface CircuitBreaker {
  /** Whether a search may go now (in half-open: only the one probe). */
  tryAcquire(): boolean;
  success(): void;
  failure(): void;
  state(): BreakerState;
}

export function circuitBreaker(options: BreakerOptions = {}, now: () => number = Date.now): CircuitBreaker {
  const threshold = options.failures ?? 3;
  const cooldown = options.cooldownMs ?? 60_000;
  let failures = 0;
  let openedAt: number | undefined;
  let probing = false;

  function state(): BreakerState {
    if (openedAt === undefined) return 'closed';
    return now() - openedAt >= cooldown ? 'half-open' : 'open';
  }

  return {
    state,
    tryAcquire() {
      const current = state();
      if (current === 'closed') return true;
      if (current === 'open' || probing) return false;
      probing = true;
      return true;
    },
    success() {
      failures = 0;
      openedAt = undefined;
      probing = false;
    },
    failure() {
      failures += 1;
      if (probing || failures >= threshold) openedAt = now();
      probing = false;
    },
  };
}

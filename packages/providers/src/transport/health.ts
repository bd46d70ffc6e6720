import type { BreakerState } from './circuit-breaker.js';

/** What a transport has seen since it was created. */
export interface ProviderHealth {
  provider: string;
  /** Calls made (complete or stream), each possibly several attempts. */
  requests: number;
  /** HTTP attempts, first tries and retries together. */
  attempts: number;
  retries: number;
  /** Answers with status 429. */
  rateLimited: number;
  timeouts: number;
  /** Calls that ended in an error (after their retries). */
  failures: number;
  successes: number;
  /** Calls refused at once because the circuit was open. */
  circuitRejections: number;
  breaker: BreakerState;
  consecutiveFailures: number;
  /** With `maxConcurrency`: attempts in flight now, and calls queued for a slot. */
  inFlight?: number;
  queued?: number;
}

/** The counters behind `health()`; one per transport, never shared. */
export class HealthCounters {
  requests = 0;
  attempts = 0;
  retries = 0;
  rateLimited = 0;
  timeouts = 0;
  failures = 0;
  successes = 0;
  circuitRejections = 0;

  snapshot(provider: string, breaker: BreakerState, consecutiveFailures: number): ProviderHealth {
    return {
      provider,
      requests: this.requests,
      attempts: this.attempts,
      retries: this.retries,
      rateLimited: this.rateLimited,
      timeouts: this.timeouts,
      failures: this.failures,
      successes: this.successes,
      circuitRejections: this.circuitRejections,
      breaker,
      consecutiveFailures,
    };
  }
}

import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.js';

describe('CircuitBreaker', () => {
  it('opens after N consecutive failures, lets one probe through after the open period, and closes on success', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, now: () => now });
    for (let i = 0; i < 2; i += 1) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.onFailure();
    }
    expect(breaker.state).toBe('closed');
    breaker.tryAcquire();
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.remainingOpenMs()).toBe(1000);
    now = 1000;
    expect(breaker.state).toBe('half_open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.consecutiveFailures).toBe(0);
  });

  it('re-opens when the probe fails, and a success in between resets the count', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 50, now: () => now });
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    now = 60;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('a failed attempt that will be retried changes nothing unless it was the half-open probe', () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 50, now: () => now });
    breaker.onAttemptFailure();
    breaker.onAttemptFailure();
    expect(breaker).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    now = 60;
    expect(breaker.tryAcquire()).toBe(true);
    breaker.onAttemptFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
  });
});

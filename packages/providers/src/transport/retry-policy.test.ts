import { describe, expect, it } from 'vitest';
import { isRetryableStatus, RetryPolicy } from './retry-policy.js';

describe('RetryPolicy', () => {
  it('uses full jitter on an exponential ceiling', () => {
    const top = new RetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 }, () => 0.999999);
    expect([1, 2, 3, 4, 5].map((n) => top.backoff(n))).toEqual([99, 199, 399, 799, 999]);
    const bottom = new RetryPolicy({ baseDelayMs: 100 }, () => 0);
    expect(bottom.backoff(3)).toBe(0);
  });

  it('honours Retry-After, fails at once past the ceiling, and stops at the retry and elapsed limits', () => {
    const policy = new RetryPolicy({ maxRetries: 2, maxRetryAfterMs: 5000, maxElapsedMs: 10_000 }, () => 0.5);
    expect(policy.decide(1, 0, 3000)).toEqual({ retry: true, delayMs: 3000 });
    expect(policy.decide(1, 0, 6000)).toEqual({ retry: false, delayMs: 0, reason: 'retry_after_too_long' });
    expect(policy.decide(3, 0, undefined)).toEqual({ retry: false, delayMs: 0, reason: 'exhausted' });
    expect(policy.decide(1, 9000, 2000)).toEqual({ retry: false, delayMs: 0, reason: 'elapsed' });
    expect(policy.decide(2, 0, undefined)).toEqual({ retry: true, delayMs: 500 });
  });

  it('retries exactly the documented statuses', () => {
    const retried = [400, 401, 403, 404, 408, 409, 413, 422, 425, 429, 500, 502, 503, 504, 529, 599].filter(isRetryableStatus);
    expect(retried).toEqual([408, 409, 425, 429, 500, 502, 503, 504, 529, 599]);
  });
});

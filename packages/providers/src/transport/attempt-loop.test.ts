import { describe, expect, it } from 'vitest';
import { ProviderError } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';
import { createAttemptLoop, type AttemptLoopOptions } from './attempt-loop.js';
import { ATTEMPT_TIMEOUT_CODE } from './attempt-timer.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { HealthCounters } from './health.js';
import { RetryPolicy } from './retry-policy.js';

const overloaded = (retryAfterMs?: number): ProviderError =>
  createProviderError({
    code: 'provider.overloaded',
    message: 'busy',
    provider: 'p',
    retryable: true,
    status: 503,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  });

/** A loop on a fake clock whose sleeps are recorded, not waited. */
function setup(overrides: Partial<AttemptLoopOptions> = {}) {
  const slept: number[] = [];
  const retries: number[] = [];
  const counters = new HealthCounters();
  const breaker = new CircuitBreaker({ failureThreshold: 2, openMs: 1000, now: () => 0 });
  const loop = createAttemptLoop({
    provider: 'p',
    policy: new RetryPolicy({ maxRetries: 2, baseDelayMs: 100 }, () => 0.5),
    breaker,
    counters,
    now: () => 0,
    sleep: async (ms) => {
      slept.push(ms);
    },
    onRetry: (event) => retries.push(event.attempt),
    ...overrides,
  });
  const describeAs = (thrown: unknown): ProviderError =>
    ProviderError.isInstance(thrown) ? thrown : createProviderError({ code: 'provider.network', message: String(thrown), provider: 'p', retryable: true });
  return { loop, counters, breaker, slept, retries, describeAs };
}

async function collect<T>(steps: AsyncGenerator<T, unknown>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of steps) out.push(item);
  return out;
}

describe('createAttemptLoop', () => {
  it('retries a retryable failure with the policy backoff, then returns the answer', async () => {
    const { loop, counters, slept, retries, describeAs } = setup();
    const seen: number[] = [];
    const answer = await loop.once({}, describeAs, async (attempt) => {
      seen.push(attempt.number);
      if (attempt.number < 3) throw overloaded();
      attempt.succeed();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
    expect(slept).toEqual([50, 100]);
    expect(retries).toEqual([1, 2]);
    expect(counters.snapshot('p', 'closed', 0)).toMatchObject({ requests: 1, attempts: 3, retries: 2, successes: 1, failures: 0 });
  });

  it('waits what the vendor asked (Retry-After) instead of the backoff', async () => {
    const { loop, slept, describeAs } = setup();
    await loop.once({}, describeAs, async (attempt) => {
      if (attempt.number === 1) throw overloaded(1234);
      attempt.succeed();
    });
    expect(slept).toEqual([1234]);
  });

  it('gives up at once when the vendor asks to wait past maxRetryAfterMs, saying so', async () => {
    const { loop, slept, counters, describeAs } = setup({ policy: new RetryPolicy({ maxRetryAfterMs: 500 }) });
    const error = await loop
      .once({}, describeAs, async () => {
        throw overloaded(5000);
      })
      .catch((thrown: unknown) => thrown);
    expect(ProviderError.isInstance(error) && error.message).toContain('more than maxRetryAfterMs (500 ms): not waiting');
    expect(slept).toEqual([]);
    expect(counters.failures).toBe(1);
  });

  it('stops after the policy retries and books one failed call on the breaker', async () => {
    const { loop, breaker, describeAs } = setup();
    const error = await loop
      .once({}, describeAs, async () => {
        throw overloaded();
      })
      .catch((thrown: unknown) => thrown);
    expect(ProviderError.isInstance(error) && [error.code, error.attempts]).toEqual(['provider.overloaded', 3]);
    expect(breaker.consecutiveFailures).toBe(1);
  });

  it('refuses a call while the circuit is open, without running the attempt', async () => {
    const { loop, breaker, counters, describeAs } = setup();
    breaker.onFailure();
    breaker.onFailure();
    let ran = false;
    const error = await loop
      .once({}, describeAs, async () => {
        ran = true;
      })
      .catch((thrown: unknown) => thrown);
    expect(ProviderError.isInstance(error) && [error.code, error.retryAfterMs]).toEqual(['provider.circuit_open', 1000]);
    expect(ran).toBe(false);
    expect(counters.circuitRejections).toBe(1);
  });

  it('aborts an attempt that runs past attemptTimeoutMs through its signal', async () => {
    const { loop, describeAs } = setup({ attemptTimeoutMs: 5, policy: new RetryPolicy({ maxRetries: 0 }) });
    const reasons: unknown[] = [];
    await loop
      .once({}, describeAs, (attempt) => {
        return new Promise((_, reject) => {
          attempt.signal?.addEventListener('abort', () => {
            reasons.push(attempt.signal?.reason);
            reject(new Error('aborted'));
          });
        });
      })
      .catch(() => undefined);
    expect(reasons).toHaveLength(1);
    expect((reasons[0] as { code?: string }).code).toBe(ATTEMPT_TIMEOUT_CODE);
  });

  it('does not retry a failure the body gave up on, nor one after output left', async () => {
    const { loop, breaker, describeAs } = setup();
    let runs = 0;
    const gaveUp = await loop
      .once({}, describeAs, async (attempt) => {
        runs += 1;
        throw attempt.giveUp(createProviderError({ code: 'provider.bad_response', message: 'not JSON', provider: 'p', retryable: false }));
      })
      .catch((thrown: unknown) => thrown);
    expect(ProviderError.isInstance(gaveUp) && [gaveUp.code, gaveUp.attempts]).toEqual(['provider.bad_response', 1]);

    const streamed = await collect(
      loop.run({}, describeAs, async function* (attempt) {
        runs += 1;
        attempt.emitted();
        yield 'a';
        throw overloaded();
      }),
    ).catch((thrown: unknown) => thrown);
    expect(ProviderError.isInstance(streamed) && streamed.attempts).toBe(1);
    expect(runs).toBe(2);
    expect(breaker.consecutiveFailures).toBe(1);
  });

  it('treats a consumer that stops early as neutral: a half-open probe is released', async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 10, now: () => now });
    const { loop, describeAs } = setup({ breaker });
    breaker.onFailure();
    now = 10;
    const steps = loop.run({}, describeAs, async function* (attempt) {
      attempt.emitted();
      yield 1;
      yield 2;
      attempt.succeed();
    });
    for await (const item of steps) if (item === 1) break;
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });
});

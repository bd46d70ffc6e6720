import type { ProviderError } from '@warden/protocol';
import { createProviderError, passOnProviderError } from '../errors/create-provider-error.js';
import { attemptSignal } from './attempt-timer.js';
import type { CircuitBreaker } from './circuit-breaker.js';
import type { ConcurrencyLimit } from './concurrency-limit.js';
import type { CoolDown } from './cool-down.js';
import { errorFromThrown, withAttempts } from './error-mapping.js';
import type { HealthCounters } from './health.js';
import type { RetryPolicy } from './retry-policy.js';
import type { RetryEvent, TransportCallOptions } from './transport-options.js';

/** What the attempt loop needs from its transport; every piece is the transport's own, shared by its calls. */
export interface AttemptLoopOptions {
  provider: string;
  policy: RetryPolicy;
  breaker: CircuitBreaker | undefined;
  counters: HealthCounters;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** Deadline of one attempt (headers, body and stream together). */
  attemptTimeoutMs?: number | undefined;
  /** The 429 cool-down shared by the transport's calls, when on. */
  coolDown?: CoolDown | undefined;
  /** The `maxConcurrency` slots, when set. */
  limit?: ConcurrencyLimit | undefined;
  onRetry?: ((event: RetryEvent) => void) | undefined;
}

/**
 * One attempt, as its body sees it. The body books how it ended: `succeed()` when the answer is
 * complete, `giveUp(error)` for a failure no retry can mend, `emitted()` once output left (from then
 * on a failure is raised, since a replay would duplicate it). Anything the body throws otherwise is
 * a failed attempt the loop may retry.
 */
export interface Attempt {
  /** 1 for the first try. */
  readonly number: number;
  /** The call's signal plus this attempt's own deadline. */
  readonly signal: AbortSignal | undefined;
  /** The vendor's request id, once known: failures carry it. */
  requestId: string | undefined;
  succeed(): void;
  giveUp(error: ProviderError): ProviderError;
  emitted(): void;
}

/** One attempt's body: a generator so a stream can hand out items between the loop's bookkeeping. */
export type AttemptBody<T, R> = (attempt: Attempt) => AsyncGenerator<T, R>;

export interface AttemptLoop {
  /**
   * Runs `body` until it succeeds or the call gives up: retries with the policy's backoff (or the
   * vendor's Retry-After), the circuit breaker, the shared cool-down, concurrency slots and the
   * per-attempt timeout. `describe` turns whatever an attempt threw into the ProviderError it is.
   */
  run<T, R>(call: TransportCallOptions, describe: (thrown: unknown) => ProviderError, body: AttemptBody<T, R>): AsyncGenerator<T, R>;
  /** `run` for a body that hands out nothing before its answer (a plain request). */
  once<R>(call: TransportCallOptions, describe: (thrown: unknown) => ProviderError, body: (attempt: Attempt) => Promise<R>): Promise<R>;
}

/** What one call carries between its attempts: the cool-down deadline it has already waited for. */
interface CallState {
  covered: number;
}

const NO_SLOT = (): void => {};

/** The error for a wait past the ceiling: the vendor's error, saying why the call gave up at once. */
function tooLong(error: ProviderError, ceilingMs: number): ProviderError {
  return passOnProviderError({
    code: error.code,
    message: `${error.message} — the vendor asked to wait ${error.retryAfterMs} ms, more than maxRetryAfterMs (${ceilingMs} ms): not waiting`,
    hint: 'A fallback provider takes over at once; raise retry.maxRetryAfterMs to wait instead.',
    provider: error.provider,
    retryable: error.retryable,
    ...(error.status !== undefined ? { status: error.status } : {}),
    ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
    ...(error.requestId !== undefined ? { requestId: error.requestId } : {}),
    cause: error,
  });
}

export function createAttemptLoop(options: AttemptLoopOptions): AttemptLoop {
  const { provider, policy, breaker, counters, now, sleep, coolDown, limit } = options;

  function fail(error: ProviderError, attempt: number): ProviderError {
    counters.failures += 1;
    return withAttempts(error, attempt);
  }

  function circuitOpen(attempts: number): ProviderError {
    counters.circuitRejections += 1;
    counters.failures += 1;
    const remaining = breaker?.remainingOpenMs() ?? 0;
    return createProviderError({
      code: 'provider.circuit_open',
      message: `the circuit for ${provider} is open after repeated failures`,
      hint: 'Calls resume after the open period; add a fallback provider to keep working meanwhile.',
      provider,
      retryable: true,
      attempts,
      ...(remaining > 0 ? { retryAfterMs: remaining } : {}),
    });
  }

  /** Before an attempt: wait out a cool-down another call was told about, and take a concurrency slot. */
  async function beforeAttempt(call: TransportCallOptions, state: CallState): Promise<() => void> {
    const wait = coolDown ? coolDown.remaining(now(), state.covered) : 0;
    if (wait > 0) {
      state.covered = coolDown?.deadline ?? 0;
      await sleep(Math.min(wait, policy.maxRetryAfterMs), call.signal);
    }
    return limit ? limit.acquire(call.signal) : NO_SLOT;
  }

  /** Books a failed attempt; true after waiting for the next one, false to give up. */
  async function afterFailure(
    error: ProviderError,
    attempt: number,
    startedAt: number,
    call: TransportCallOptions,
    mayRetry: boolean,
    state: CallState,
  ): Promise<boolean> {
    if (error.status === 429) counters.rateLimited += 1;
    if (error.code === 'provider.timeout') counters.timeouts += 1;
    const unwell = error.retryable && error.code !== 'provider.aborted';
    const decision = mayRetry && error.retryable && !call.signal?.aborted ? policy.decide(attempt, now() - startedAt, error.retryAfterMs) : undefined;
    // The breaker counts calls, not attempts: a call that gives up after its retries is one failure;
    // a failed attempt that will be retried only re-opens a half-open circuit (its probe failed).
    if (!unwell) breaker?.onNeutral();
    else if (decision?.retry) breaker?.onAttemptFailure();
    else breaker?.onFailure();
    if (decision?.reason === 'retry_after_too_long') throw fail(tooLong(error, policy.maxRetryAfterMs), attempt);
    if (!decision?.retry) return false;
    counters.retries += 1;
    const reason = `${error.code}${error.status !== undefined ? ` (HTTP ${error.status})` : ''}`;
    if (error.status === 429 && coolDown) {
      coolDown.note(now() + decision.delayMs);
      state.covered = coolDown.deadline;
    }
    call.onNotice?.({ type: 'retry', provider, attempt, delayMs: decision.delayMs, reason, code: error.code, ...(error.status !== undefined ? { status: error.status } : {}) });
    options.onRetry?.({ provider, attempt, delayMs: decision.delayMs, reason, error });
    await sleep(decision.delayMs, call.signal);
    return true;
  }

  async function* run<T, R>(call: TransportCallOptions, describe: (thrown: unknown) => ProviderError, body: AttemptBody<T, R>): AsyncGenerator<T, R> {
    counters.requests += 1;
    const startedAt = now();
    const state: CallState = { covered: 0 };
    for (let number = 1; ; number += 1) {
      if (call.signal?.aborted) throw fail(errorFromThrown(undefined, provider, true), number - 1);
      let release = await beforeAttempt(call, state);
      if (breaker && !breaker.tryAcquire()) {
        release();
        throw circuitOpen(number - 1);
      }
      counters.attempts += 1;
      const timer = attemptSignal(call.signal, options.attemptTimeoutMs);
      let settled = false;
      let emitted = false;
      const attempt: Attempt = {
        number,
        signal: timer.signal,
        requestId: undefined,
        succeed() {
          if (settled) return;
          settled = true;
          breaker?.onSuccess();
          counters.successes += 1;
        },
        giveUp(error) {
          settled = true;
          breaker?.onNeutral();
          return fail(error, number);
        },
        emitted() {
          emitted = true;
        },
      };
      try {
        return yield* body(attempt);
      } catch (thrown) {
        if (settled) throw thrown;
        settled = true;
        const error = describe(thrown);
        timer.clear();
        release();
        release = NO_SLOT;
        if (await afterFailure(error, number, startedAt, call, !emitted, state)) continue;
        throw fail(withAttempts(error, number, attempt.requestId), number);
      } finally {
        timer.clear();
        release();
        // The consumer stopped early (break/return): that says nothing about the service.
        if (!settled) breaker?.onNeutral();
      }
    }
  }

  async function once<R>(call: TransportCallOptions, describe: (thrown: unknown) => ProviderError, body: (attempt: Attempt) => Promise<R>): Promise<R> {
    // eslint-disable-next-line require-yield -- a body with no items: the loop's first step is its answer.
    const steps = run<never, R>(call, describe, async function* (attempt) {
      return await body(attempt);
    });
    const step = await steps.next();
    return step.value;
  }

  return { run, once };
}

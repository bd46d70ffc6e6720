import { Agent } from 'undici';
import { ProviderError, strictOptions } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';
import { SseParser } from '../sse/sse-parser.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { dispatchPost, splitUrl, type PostResponse, type PostTarget } from './dispatch-post.js';
import { attemptSignal } from './attempt-timer.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { CoolDown } from './cool-down.js';
import { readCapped, requestIdOf } from './response-read.js';
import { retryInfoDelayMs, shouldRetryHeader } from './retry-hints.js';
import { DrainWatch } from './drain-watch.js';
import { errorForRequest, errorFromStatus, errorFromThrown, withAttempts, type FailureContext } from './error-mapping.js';
import { authorizeAttempt } from './authorize.js';
import { HealthCounters, type ProviderHealth } from './health.js';
import { secretsOf } from './redact.js';
import { headerValue, parseRetryAfter } from './retry-after.js';
import { RetryPolicy } from './retry-policy.js';
import { abortableSleep } from './sleep.js';

import { TRANSPORT_KEYS, type HttpRequest, type JsonResult, type SseHandler, type StreamContext, type StreamDecoder, type TransportCallOptions, type TransportOptions } from './transport-options.js';
export type { HttpRequest, OutgoingRequest, RequestAuthorizer, StreamDecoder, TransportCallOptions, TransportOptions, RetryEvent, JsonResult, StreamContext, SseReader, SseHandler } from './transport-options.js';

/**
 * After the end marker the rest of the body is read and dropped, so the
 * connection goes back to the pool instead of being aborted; a server that
 * keeps the body open longer than this loses the connection instead.
 */
const DRAIN_GRACE_MS = 1000;

/** The one hardened HTTP path every vendor adapter goes through. */
export interface HttpTransport {
  readonly provider: string;
  readonly breaker: CircuitBreaker | undefined;
  readonly policy: RetryPolicy;
  postJson(request: HttpRequest, options?: TransportCallOptions): Promise<JsonResult>;
  /**
   * Streams SSE through `handle`. A failure before `handle` yields anything is
   * retried like any call; after the first item it is raised (a replay would
   * duplicate output).
   */
  postSse<T>(request: HttpRequest, handle: SseHandler<T>, options?: TransportCallOptions): AsyncGenerator<T>;
  health(): ProviderHealth;
}

/** What one call carries between its attempts: the cool-down deadline it has already waited for. */
interface CallState {
  covered: number;
}

const NO_SLOT = (): void => {};

/** The error for a wait past the ceiling: the vendor's error, saying why the call gave up at once. */
function tooLong(error: ProviderError, ceilingMs: number): ProviderError {
  return createProviderError({
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

export function createHttpTransport(options: TransportOptions): HttpTransport {
  strictOptions('createHttpTransport', TRANSPORT_KEYS, options);
  const provider = options.provider;
  const now = options.now ?? Date.now;
  const policy = new RetryPolicy(options.retry, options.random);
  const breaker =
    options.breaker === false ? undefined : options.breaker instanceof CircuitBreaker ? options.breaker : new CircuitBreaker({ now, ...options.breaker });
  const counters = new HealthCounters();
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 120_000;
  const sleep = options.sleep ?? ((ms: number, signal: AbortSignal | undefined) => abortableSleep(ms, signal, provider));
  const drains = new DrainWatch(DRAIN_GRACE_MS);
  const coolDown = options.sharedCoolDown === false ? undefined : new CoolDown();
  const limit = options.maxConcurrency !== undefined ? new ConcurrencyLimit(Math.max(1, Math.floor(options.maxConcurrency)), provider) : undefined;
  const dispatcher = options.dispatcher ?? (options.connectTimeoutMs !== undefined ? new Agent({ connect: { timeout: options.connectTimeoutMs } }) : undefined);
  // An adapter posts to one or two fixed URLs: each is parsed once per transport.
  const targets = new Map<string, PostTarget>();
  const targetOf = (url: string): PostTarget => {
    let target = targets.get(url);
    if (!target) {
      target = splitUrl(url);
      if (targets.size >= 64) targets.clear();
      targets.set(url, target);
    }
    return target;
  };

  /** `issued` collects the per-attempt credentials, so errors of this call are scrubbed of them too. */
  async function open(req: HttpRequest, stream: boolean, signal: AbortSignal | undefined, issued: Record<string, string>): Promise<PostResponse> {
    let headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...req.headers,
    };
    const body = req.json ?? JSON.stringify(req.body);
    if (req.authorize) {
      const extra = await authorizeAttempt(provider, req.authorize, { url: req.url, headers, body, ...(signal ? { signal } : {}) });
      Object.assign(issued, extra);
      headers = { ...headers, ...extra };
    }
    const postOptions: Parameters<typeof dispatchPost>[1] = {
      headers,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: idleTimeoutMs,
    };
    if (signal) postOptions.signal = signal;
    if (dispatcher) postOptions.dispatcher = dispatcher;
    const res = await dispatchPost(targetOf(req.url), postOptions);
    if (res.statusCode >= 200 && res.statusCode < 300) return res;
    const requestId = requestIdOf(res.headers);
    let retryAfterMs = parseRetryAfter(res.headers, now());
    const text = await readCapped(res.body);
    retryAfterMs ??= retryInfoDelayMs(text);
    const failure: Parameters<typeof errorFromStatus>[0] = { provider, status: res.statusCode, body: text, secrets: secretsOf(headers) };
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    if (requestId !== undefined) failure.requestId = requestId;
    const errorType = headerValue(res.headers, 'x-amzn-errortype');
    if (errorType !== undefined) failure.errorType = errorType.split(':')[0] ?? errorType;
    const shouldRetry = shouldRetryHeader(res.headers);
    if (shouldRetry !== undefined) failure.shouldRetry = shouldRetry;
    throw errorFromStatus(failure);
  }

  function circuitOpen(attempts: number): ProviderError {
    counters.circuitRejections += 1;
    counters.failures += 1;
    const options: ConstructorParameters<typeof ProviderError>[0] = {
      code: 'provider.circuit_open',
      message: `the circuit for ${provider} is open after repeated failures`,
      hint: 'Calls resume after the open period; add a fallback provider to keep working meanwhile.',
      provider,
      retryable: true,
      attempts,
    };
    const remaining = breaker?.remainingOpenMs() ?? 0;
    if (remaining > 0) options.retryAfterMs = remaining;
    return createProviderError(options);
  }

  /** Books a failed attempt; returns the wait before the next one, or undefined to give up. */
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
    call.onNotice?.({ type: 'retry', provider, attempt, delayMs: decision.delayMs, reason });
    options.onRetry?.({ provider, attempt, delayMs: decision.delayMs, reason, error });
    await sleep(decision.delayMs, call.signal);
    return true;
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

  function fail(error: ProviderError, attempt: number): ProviderError {
    counters.failures += 1;
    return withAttempts(error, attempt);
  }

  function failureContext(req: HttpRequest, issued: Record<string, string>): FailureContext {
    let secrets: readonly string[] | undefined;
    return {
      url: req.url,
      secrets: () => (secrets ??= secretsOf({ ...req.headers, ...issued })),
      timeoutMs,
      idleTimeoutMs,
      attemptTimeoutMs: options.attemptTimeoutMs,
      connectTimeoutMs: options.connectTimeoutMs,
    };
  }

  async function postJson(req: HttpRequest, call: TransportCallOptions = {}): Promise<JsonResult> {
    counters.requests += 1;
    const startedAt = now();
    const issued: Record<string, string> = {};
    const state: CallState = { covered: 0 };
    for (let attempt = 1; ; attempt += 1) {
      if (call.signal?.aborted) throw fail(errorFromThrown(undefined, provider, true), attempt - 1);
      let release = await beforeAttempt(call, state);
      if (breaker && !breaker.tryAcquire()) {
        release();
        throw circuitOpen(attempt - 1);
      }
      counters.attempts += 1;
      let requestId: string | undefined;
      const timer = attemptSignal(call.signal, options.attemptTimeoutMs);
      try {
        const res = await open(req, false, timer.signal, issued);
        requestId = requestIdOf(res.headers);
        const text = await res.body.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          breaker?.onNeutral();
          const error = createProviderError({
            code: 'provider.bad_response',
            message: `${provider} answered with a body that is not JSON`,
            provider,
            status: res.statusCode,
            retryable: false,
            ...(requestId !== undefined ? { requestId } : {}),
          });
          throw fail(error, attempt);
        }
        breaker?.onSuccess();
        counters.successes += 1;
        const result: JsonResult = { body, attempts: attempt };
        if (requestId !== undefined) result.requestId = requestId;
        return result;
      } catch (thrown) {
        if (ProviderError.isInstance(thrown) && thrown.code === 'provider.bad_response') throw thrown;
        const error = errorForRequest(errorFromThrown(thrown, provider, call.signal?.aborted === true), failureContext(req, issued));
        timer.clear();
        release();
        release = NO_SLOT;
        if (await afterFailure(error, attempt, startedAt, call, true, state)) continue;
        throw fail(withAttempts(error, attempt, requestId), attempt);
      } finally {
        timer.clear();
        release();
      }
    }
  }

  async function* postSse<T>(req: HttpRequest, handle: SseHandler<T>, call: TransportCallOptions = {}): AsyncGenerator<T> {
    counters.requests += 1;
    const startedAt = now();
    const issued: Record<string, string> = {};
    const state: CallState = { covered: 0 };
    for (let attempt = 1; ; attempt += 1) {
      if (call.signal?.aborted) throw fail(errorFromThrown(undefined, provider, true), attempt - 1);
      let release = await beforeAttempt(call, state);
      if (breaker && !breaker.tryAcquire()) {
        release();
        throw circuitOpen(attempt - 1);
      }
      counters.attempts += 1;
      const timer = attemptSignal(call.signal, options.attemptTimeoutMs);
      let emitted = false;
      let settled = false;
      let finished = false;
      let res: PostResponse | undefined;
      let requestId: string | undefined;
      // Booked before the last items are handed out: a consumer that stops at the final part
      // (the agent loop stops at `finish`) returns the generator at that yield, and code after
      // it never runs.
      const succeed = (): void => {
        if (settled) return;
        settled = true;
        breaker?.onSuccess();
        counters.successes += 1;
      };
      try {
        res = await open(req, true, timer.signal, issued);
        requestId = requestIdOf(res.headers);
        const context: StreamContext = { attempt };
        if (requestId !== undefined) context.requestId = requestId;
        const reader = handle(context);
        const parser: StreamDecoder = req.decoder ? req.decoder() : new SseParser();
        const out: T[] = [];
        const body = res.body;
        try {
          for await (const chunk of body) {
            if (finished) continue;
            for (const event of parser.push(chunk)) {
              if (reader.event(event, out)) {
                finished = true;
                drains.watch(body);
                break;
              }
            }
            if (out.length > 0) {
              emitted = true;
              if (finished) succeed();
              for (const item of out) yield item;
              out.length = 0;
            }
          }
        } catch (thrown) {
          // Dropping the rest of a complete answer is not a failure.
          if (!finished) throw thrown;
        } finally {
          if (finished) drains.release(body);
        }
        if (!finished) for (const event of parser.end()) if (reader.event(event, out)) break;
        reader.end(out);
        succeed();
        for (const item of out) yield item;
        return;
      } catch (thrown) {
        if (settled) throw thrown;
        settled = true;
        // An error event inside the stream may echo the key: redacted with the request's own values.
        const error = errorForRequest(errorFromThrown(thrown, provider, call.signal?.aborted === true), failureContext(req, issued));
        timer.clear();
        release();
        release = NO_SLOT;
        if (await afterFailure(error, attempt, startedAt, call, !emitted, state)) continue;
        throw fail(withAttempts(error, attempt, requestId), attempt);
      } finally {
        timer.clear();
        release();
        // The consumer stopped early (break/return): that says nothing about the service.
        if (!settled) breaker?.onNeutral();
        if (res && !res.body.destroyed) res.body.destroy();
      }
    }
  }

  return {
    provider,
    breaker,
    policy,
    postJson,
    postSse,
    health: () => {
      const snapshot = counters.snapshot(provider, breaker?.state ?? 'closed', breaker?.consecutiveFailures ?? 0);
      return limit ? { ...snapshot, inFlight: limit.inFlight, queued: limit.waiting } : snapshot;
    },
  };
}

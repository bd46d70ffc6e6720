import type { Dispatcher } from 'undici';
import { ProviderError, type ProviderNotice } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';
import { SseParser, type SseEvent } from '../sse/sse-parser.js';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import { dispatchPost, splitUrl, type PostResponse, type PostTarget, type ResponseBody } from './dispatch-post.js';
import { DrainWatch } from './drain-watch.js';
import { errorForRequest, errorFromStatus, errorFromThrown, withAttempts, type FailureContext } from './error-mapping.js';
import { authorizeAttempt } from './authorize.js';
import { HealthCounters, type ProviderHealth } from './health.js';
import { secretsOf } from './redact.js';
import { headerValue, parseRetryAfter, type HeaderBag } from './retry-after.js';
import { RetryPolicy, type RetryPolicyOptions } from './retry-policy.js';
import { abortableSleep } from './sleep.js';

/** One POST with a JSON body, as an adapter builds it: `body` is serialised, or `json` is sent as it is. */
export interface HttpRequest {
  url: string;
  /** Includes the auth header; its value never reaches an error, a notice or a recording. */
  headers: Record<string, string>;
  body?: unknown;
  /**
   * The body already serialised. Adapters that cache each message's JSON set
   * it, so a long conversation is not serialised again on every step.
   */
  json?: string;
  /**
   * Credentials computed for each attempt (an Entra ID or Google access token, a SigV4 signature):
   * called with the exact URL, headers and body about to be sent; its headers are added to them.
   * Their values are secrets like the static auth header (never in an error, a notice or a recording).
   * A failure becomes `provider.auth`, unless it already is a ProviderError.
   */
  authorize?: RequestAuthorizer;
  /** How a streamed body is framed (default: Server-Sent Events), e.g. AWS's binary event stream. */
  decoder?: () => StreamDecoder;
}

/** What `authorize` sees: the request exactly as it will go out. */
export interface OutgoingRequest {
  url: string;
  headers: Readonly<Record<string, string>>;
  body: string;
  signal?: AbortSignal;
}

export type RequestAuthorizer = (request: OutgoingRequest) => Promise<Record<string, string>>;

/** Turns body bytes into events for an `SseReader`; `SseParser` is the default one. */
export interface StreamDecoder {
  push(chunk: Uint8Array): SseEvent[];
  /** The body ended: events still buffered (a decoder may throw when a frame was cut). */
  end(): SseEvent[];
}

export interface TransportCallOptions {
  signal?: AbortSignal;
  onNotice?: (notice: ProviderNotice) => void;
}

export interface TransportOptions {
  /** The provider id used in errors, notices and health. */
  provider: string;
  retry?: RetryPolicyOptions;
  /** Ms to wait for response headers, per attempt (default 60 000). */
  timeoutMs?: number;
  /** Ms a body or stream may stay silent before the attempt fails (default 120 000). */
  idleTimeoutMs?: number;
  /** A breaker instance (share one per provider), options for a new one, or `false` for none. */
  breaker?: CircuitBreaker | CircuitBreakerOptions | false;
  /** An undici dispatcher (Agent, Pool, ProxyAgent); default: undici's global dispatcher. */
  dispatcher?: Dispatcher;
  /** Clock in ms (default `Date.now`); used for Retry-After dates and the elapsed limit. */
  now?: () => number;
  /** How retry waits happen (default: a timer the signal cancels). Tests inject a recorder. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** Jitter source in [0, 1) (default `Math.random`). */
  random?: () => number;
}

export interface JsonResult {
  body: unknown;
  requestId?: string;
  attempts: number;
}

export interface StreamContext {
  requestId?: string;
  attempt: number;
}

/**
 * Reads one stream, one event at a time. Synchronous on purpose: a chain of
 * async generators (parser, vendor reader, provider) costs a promise per item
 * per layer, which is most of a streamed step's overhead.
 */
export interface SseReader<T> {
  /** Pushes the items `event` completes onto `out`; returns true at the vendor's end marker. */
  event(event: SseEvent, out: T[]): boolean;
  /** The body ended: pushes the last items, or throws when the stream was cut short. */
  end(out: T[]): void;
}

export type SseHandler<T> = (context: StreamContext) => SseReader<T>;

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

const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-goog-request-id', 'apim-request-id', 'x-amzn-requestid', 'cf-ray'];
const MAX_ERROR_BODY = 64 * 1024;

function requestIdOf(headers: HeaderBag): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headerValue(headers, name);
    if (value) return value;
  }
  return undefined;
}

async function readCapped(body: ResponseBody): Promise<string | undefined> {
  try {
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      if (text.length > MAX_ERROR_BODY) break;
    }
    return text.slice(0, MAX_ERROR_BODY);
  } catch {
    return undefined;
  } finally {
    body.destroy();
  }
}

export function createHttpTransport(options: TransportOptions): HttpTransport {
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
    if (options.dispatcher) postOptions.dispatcher = options.dispatcher;
    const res = await dispatchPost(targetOf(req.url), postOptions);
    if (res.statusCode >= 200 && res.statusCode < 300) return res;
    const requestId = requestIdOf(res.headers);
    const retryAfterMs = parseRetryAfter(res.headers, now());
    const text = await readCapped(res.body);
    const failure: Parameters<typeof errorFromStatus>[0] = { provider, status: res.statusCode, body: text, secrets: secretsOf(headers) };
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    if (requestId !== undefined) failure.requestId = requestId;
    const errorType = headerValue(res.headers, 'x-amzn-errortype');
    if (errorType !== undefined) failure.errorType = errorType.split(':')[0] ?? errorType;
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
    if (!decision?.retry) return false;
    counters.retries += 1;
    call.onNotice?.({
      type: 'retry',
      provider,
      attempt,
      delayMs: decision.delayMs,
      reason: `${error.code}${error.status !== undefined ? ` (HTTP ${error.status})` : ''}`,
    });
    await sleep(decision.delayMs, call.signal);
    return true;
  }

  function fail(error: ProviderError, attempt: number): ProviderError {
    counters.failures += 1;
    return withAttempts(error, attempt);
  }

  function failureContext(req: HttpRequest, issued: Record<string, string>): FailureContext {
    let secrets: readonly string[] | undefined;
    return { url: req.url, secrets: () => (secrets ??= secretsOf({ ...req.headers, ...issued })), timeoutMs, idleTimeoutMs };
  }

  async function postJson(req: HttpRequest, call: TransportCallOptions = {}): Promise<JsonResult> {
    counters.requests += 1;
    const startedAt = now();
    const issued: Record<string, string> = {};
    for (let attempt = 1; ; attempt += 1) {
      if (call.signal?.aborted) throw fail(errorFromThrown(undefined, provider, true), attempt - 1);
      if (breaker && !breaker.tryAcquire()) throw circuitOpen(attempt - 1);
      counters.attempts += 1;
      let requestId: string | undefined;
      try {
        const res = await open(req, false, call.signal, issued);
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
        if (await afterFailure(error, attempt, startedAt, call, true)) continue;
        throw fail(withAttempts(error, attempt, requestId), attempt);
      }
    }
  }

  async function* postSse<T>(req: HttpRequest, handle: SseHandler<T>, call: TransportCallOptions = {}): AsyncGenerator<T> {
    counters.requests += 1;
    const startedAt = now();
    const issued: Record<string, string> = {};
    for (let attempt = 1; ; attempt += 1) {
      if (call.signal?.aborted) throw fail(errorFromThrown(undefined, provider, true), attempt - 1);
      if (breaker && !breaker.tryAcquire()) throw circuitOpen(attempt - 1);
      counters.attempts += 1;
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
        res = await open(req, true, call.signal, issued);
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
        if (await afterFailure(error, attempt, startedAt, call, !emitted)) continue;
        throw fail(withAttempts(error, attempt, requestId), attempt);
      } finally {
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
    health: () => counters.snapshot(provider, breaker?.state ?? 'closed', breaker?.consecutiveFailures ?? 0),
  };
}

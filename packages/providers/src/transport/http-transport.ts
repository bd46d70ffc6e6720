import { Agent } from 'undici';
import { ProviderError } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { createProviderError } from '../errors/create-provider-error.js';
import { SseParser } from '../sse/sse-parser.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { dispatchPost, splitUrl, type PostResponse, type PostTarget } from './dispatch-post.js';
import { createAttemptLoop } from './attempt-loop.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { CoolDown } from './cool-down.js';
import { readCapped, requestIdOf } from './response-read.js';
import { retryInfoDelayMs, shouldRetryHeader } from './retry-hints.js';
import { DrainWatch } from './drain-watch.js';
import { errorForRequest, errorFromStatus, errorFromThrown, type FailureContext } from './error-mapping.js';
import { authorizeAttempt } from './authorize.js';
import { HealthCounters, type ProviderHealth } from './health.js';
import { secretsOf } from './redact.js';
import { headerValue, parseRetryAfter } from './retry-after.js';
import { RetryPolicy } from './retry-policy.js';
import { abortableSleep } from './sleep.js';

import { TRANSPORT_KEYS, type BytesRequest, type BytesResult, type HttpRequest, type JsonResult, type SseHandler, type StreamContext, type StreamDecoder, type TransportCallOptions, type TransportOptions } from './transport-options.js';
export type { BytesRequest, BytesResult, HttpRequest, OutgoingRequest, RequestAuthorizer, StreamDecoder, TransportCallOptions, TransportOptions, RetryEvent, JsonResult, StreamContext, SseReader, SseHandler } from './transport-options.js';

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
  /** A GET or a POST whose 2xx answer is returned as bytes (images, audio, job status read by the caller). */
  send(request: BytesRequest, options?: TransportCallOptions): Promise<BytesResult>;
  health(): ProviderHealth;
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
  const attempts = createAttemptLoop({
    provider,
    policy,
    breaker,
    counters,
    now,
    sleep,
    attemptTimeoutMs: options.attemptTimeoutMs,
    coolDown,
    limit,
    onRetry: options.onRetry,
  });
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
  function open(req: HttpRequest, stream: boolean, signal: AbortSignal | undefined, issued: Record<string, string>): Promise<PostResponse> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...req.headers,
    };
    return openRaw({ url: req.url, headers, body: req.json ?? JSON.stringify(req.body), ...(req.authorize ? { authorize: req.authorize } : {}) }, signal, issued);
  }

  async function openRaw(req: BytesRequest, signal: AbortSignal | undefined, issued: Record<string, string>): Promise<PostResponse> {
    let headers = req.headers;
    const body = req.body;
    if (req.authorize) {
      const shown = body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('latin1');
      const extra = await authorizeAttempt(provider, req.authorize, { url: req.url, headers, body: shown, ...(signal ? { signal } : {}) });
      Object.assign(issued, extra);
      headers = { ...headers, ...extra };
    }
    const postOptions: Parameters<typeof dispatchPost>[1] = {
      headers,
      body,
      headersTimeout: timeoutMs,
      bodyTimeout: idleTimeoutMs,
    };
    if (req.method !== undefined) postOptions.method = req.method;
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

  /** What an attempt threw, as the ProviderError it is, scrubbed of the request's own secrets. */
  const describeFor =
    (req: HttpRequest, issued: Record<string, string>, call: TransportCallOptions) =>
    (thrown: unknown): ProviderError =>
      errorForRequest(errorFromThrown(thrown, provider, call.signal?.aborted === true), failureContext(req, issued));

  async function postJson(req: HttpRequest, call: TransportCallOptions = {}): Promise<JsonResult> {
    const issued: Record<string, string> = {};
    return attempts.once(call, describeFor(req, issued, call), async (attempt): Promise<JsonResult> => {
      const res = await open(req, false, attempt.signal, issued);
      const requestId = requestIdOf(res.headers);
      attempt.requestId = requestId;
      const text = await res.body.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw attempt.giveUp(
          createProviderError({
            code: 'provider.bad_response',
            message: `${provider} answered with a body that is not JSON`,
            provider,
            status: res.statusCode,
            retryable: false,
            ...(requestId !== undefined ? { requestId } : {}),
          }),
        );
      }
      attempt.succeed();
      const result: JsonResult = { body, attempts: attempt.number };
      if (requestId !== undefined) result.requestId = requestId;
      return result;
    });
  }

  async function send(req: BytesRequest, call: TransportCallOptions = {}): Promise<BytesResult> {
    const issued: Record<string, string> = {};
    const maxBytes = req.maxBytes ?? 64 * 1024 * 1024;
    return attempts.once(call, describeFor({ url: req.url, headers: req.headers }, issued, call), async (attempt): Promise<BytesResult> => {
      const res = await openRaw(req, attempt.signal, issued);
      const requestId = requestIdOf(res.headers);
      attempt.requestId = requestId;
      const parts: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > maxBytes) {
          res.body.destroy();
          throw attempt.giveUp(
            createProviderError({
              code: 'provider.bad_response',
              message: `${provider} answered with more than ${maxBytes} bytes`,
              provider,
              status: res.statusCode,
              retryable: false,
              ...(requestId !== undefined ? { requestId } : {}),
            }),
          );
        }
        parts.push(chunk);
      }
      attempt.succeed();
      const result: BytesResult = { status: res.statusCode, bytes: new Uint8Array(Buffer.concat(parts)), attempts: attempt.number };
      const contentType = headerValue(res.headers, 'content-type');
      if (contentType !== undefined) result.contentType = contentType;
      if (requestId !== undefined) result.requestId = requestId;
      return result;
    });
  }

  // Not a generator itself: it hands out the attempt loop's generator, so each part passes through
  // one async-generator layer fewer on its way to the consumer (a visible share of a streamed step).
  function postSse<T>(req: HttpRequest, handle: SseHandler<T>, call: TransportCallOptions = {}): AsyncGenerator<T> {
    const issued: Record<string, string> = {};
    // An error event inside the stream may echo the key: `describe` redacts with the request's own values.
    return attempts.run(call, describeFor(req, issued, call), async function* (attempt): AsyncGenerator<T, void> {
      let res: PostResponse | undefined;
      let finished = false;
      try {
        res = await open(req, true, attempt.signal, issued);
        const requestId = requestIdOf(res.headers);
        attempt.requestId = requestId;
        const context: StreamContext = { attempt: attempt.number };
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
              attempt.emitted();
              // Booked before the last items are handed out: a consumer that stops at the final part
              // (the agent loop stops at `finish`) returns the generator at that yield, and code after
              // it never runs.
              if (finished) attempt.succeed();
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
        attempt.succeed();
        for (const item of out) yield item;
      } finally {
        if (res && !res.body.destroyed) res.body.destroy();
      }
    });
  }

  return {
    provider,
    breaker,
    policy,
    postJson,
    postSse,
    send,
    health: () => {
      const snapshot = counters.snapshot(provider, breaker?.state ?? 'closed', breaker?.consecutiveFailures ?? 0);
      return limit ? { ...snapshot, inFlight: limit.inFlight, queued: limit.waiting } : snapshot;
    },
  };
}

import type { Dispatcher } from 'undici';
import type { OptionKeys, ProviderError, ProviderNotice } from '@warden/protocol';
import type { SseEvent } from '../sse/sse-parser.js';
import type { CircuitBreaker, CircuitBreakerOptions } from './circuit-breaker.js';
import type { RetryPolicyOptions } from './retry-policy.js';

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

/**
 * One request whose answer is bytes (an image, audio) or any body the caller reads itself: a GET
 * (a job's status, a result to download) or a POST of text or bytes (a multipart form, audio).
 * Same retries, timeouts, breaker and typed errors as `postJson`.
 */
export interface BytesRequest {
  /** Where to send it; only its origin and path ever appear in an error. */
  url: string;
  /** Default POST. */
  method?: 'GET' | 'POST';
  /** Includes the auth header; its value never reaches an error. No content type is added for you. */
  headers: Record<string, string>;
  /** Text (sent as UTF-8) or bytes (sent as they are); none for a GET. */
  body?: string | Uint8Array;
  /** Per-attempt credentials, as for `HttpRequest` (a byte body is shown to it as latin1 text). */
  authorize?: RequestAuthorizer;
  /** Answers larger than this fail with `provider.bad_response` (default 64 MiB). */
  maxBytes?: number;
}

/** A 2xx answer of `send`: its bytes and what the vendor said they are. */
export interface BytesResult {
  /** The 2xx status. */
  status: number;
  /** The `content-type` header, when sent. */
  contentType?: string;
  /** The whole body. */
  bytes: Uint8Array;
  /** The vendor's request id, when it sent one. */
  requestId?: string;
  /** Attempts it took (1 without retries). */
  attempts: number;
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
  /** Ms one attempt may take in all (headers, body, stream); default: no limit beyond the others. */
  attemptTimeoutMs?: number;
  /** Ms to open the connection (TCP and TLS), per attempt; default undici's 10 000. Ignored with `dispatcher`. */
  connectTimeoutMs?: number;
  /** Attempts in flight at once through this transport (one provider instance); the rest queue. Default: no cap. */
  maxConcurrency?: number;
  /**
   * After a 429, calls of this transport running beside the one that was told to wait wait too
   * (default true). The wait is the one the vendor asked for (or the backoff), never past `maxRetryAfterMs`.
   */
  sharedCoolDown?: boolean;
  /** Called for every retry, before its wait (the same facts as the `retry` notice, plus the error). */
  onRetry?: (event: RetryEvent) => void;
}

/** Every key of {@link TransportOptions}: the compiler keeps the list equal to the interface. */
export const TRANSPORT_KEYS = {
  provider: true, retry: true, timeoutMs: true, idleTimeoutMs: true, breaker: true, dispatcher: true, now: true, sleep: true,
  random: true, attemptTimeoutMs: true, connectTimeoutMs: true, maxConcurrency: true, sharedCoolDown: true, onRetry: true,
} satisfies OptionKeys<TransportOptions>;

/** One retry about to happen: `attempt` is the attempt that failed. */
export interface RetryEvent {
  provider: string;
  attempt: number;
  delayMs: number;
  reason: string;
  error: ProviderError;
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

// The `@warden/providers/transport` subpath: the hardened HTTP path and its parts, for adapter authors
// and benches. Explicit named re-exports only: adding a name here makes it public API.
export { createHttpTransport } from './transport/http-transport.js';
export type {
  BytesRequest,
  BytesResult,
  HttpRequest,
  HttpTransport,
  JsonResult,
  OutgoingRequest,
  RequestAuthorizer,
  RetryEvent,
  SseHandler,
  SseReader,
  StreamContext,
  StreamDecoder,
  TransportCallOptions,
  TransportOptions,
} from './transport/http-transport.js';
export { RetryPolicy, isRetryableStatus } from './transport/retry-policy.js';
export type { RetryDecision, RetryPolicyOptions } from './transport/retry-policy.js';
export { parseRetryAfter, parseDuration } from './transport/retry-after.js';
export { CircuitBreaker } from './transport/circuit-breaker.js';
export type { BreakerState, CircuitBreakerOptions } from './transport/circuit-breaker.js';
export type { ProviderHealth } from './transport/health.js';
export { SseParser, parseSse } from './sse/sse-parser.js';
export type { SseEvent } from './sse/sse-parser.js';

import { ProviderError, type ProviderErrorOptions } from '@warden/protocol';
import type { ProviderCallCode } from '../errors/coded-errors.js';
import { createProviderError, passOnProviderError } from '../errors/create-provider-error.js';
import { redactSecrets, redactText } from './redact.js';
import { isRetryableStatus } from './retry-policy.js';
import { ATTEMPT_TIMEOUT_CODE } from './attempt-timer.js';

export interface HttpFailure {
  provider: string;
  status: number;
  /** The response body text (capped), or undefined when it could not be read. */
  body: string | undefined;
  retryAfterMs?: number;
  requestId?: string;
  secrets: readonly string[];
  /** AWS's `x-amzn-errortype` (`ThrottlingException`, `ValidationException`…), when the vendor sent one. */
  errorType?: string;
  /** The vendor's `x-should-retry` verdict: true forces a retry, false forbids one. */
  shouldRetry?: boolean;
}

interface VendorError {
  message?: string;
  type?: string;
  code?: string;
}

/** Pulls `{ error: { message, type, code } }` (OpenAI, Anthropic, Gemini all use a variant) out of a body. */
export function vendorErrorOf(body: string | undefined): VendorError {
  if (body === undefined || body === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return {};
  }
  const root = Array.isArray(parsed) ? parsed[0] : parsed;
  if (typeof root !== 'object' || root === null) return {};
  const error = (root as Record<string, unknown>).error;
  const source = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : (root as Record<string, unknown>);
  const out: VendorError = {};
  if (typeof source.message === 'string') out.message = source.message;
  if (typeof error === 'string') out.message = error;
  if (typeof source.type === 'string') out.type = source.type;
  if (typeof source.code === 'string') out.code = source.code;
  if (typeof source.status === 'string' && out.type === undefined) out.type = source.status;
  return out;
}

const CONTEXT_LENGTH = /context[_ ]length|maximum context|prompt is too long|too many tokens|exceeds the maximum number of tokens|input is too long|context window/i;
const CONTENT_FILTER = /content[_ ](filter|policy|management)|safety system|responsible ai|flagged|moderation/i;

function hintFor(code: string): string {
  switch (code) {
    case 'provider.auth':
      return 'Check the API key variable for this provider (run `warden providers` to see which one is read).';
    case 'provider.rate_limited':
      return 'Wait and retry, lower the request rate, or add a fallback provider.';
    case 'provider.overloaded':
    case 'provider.unavailable':
      return 'The service is struggling; retry later or add a fallback provider.';
    case 'provider.context_length':
      return 'Shorten the conversation (enable compaction) or pick a model with a larger context window.';
    case 'provider.content_filter':
      return 'The vendor refused this content; rephrase the request.';
    default:
      return 'Check the request options (model name, tool schemas, maxOutputTokens).';
  }
}

/** Maps an HTTP error answer to a typed ProviderError. Vendor text is redacted and capped. */
export function errorFromStatus(failure: HttpFailure): ProviderError {
  const { status, provider } = failure;
  const vendor = vendorErrorOf(failure.body);
  if (failure.errorType !== undefined && vendor.type === undefined) vendor.type = failure.errorType;
  const detail = vendor.message ? `: ${redactText(vendor.message, failure.secrets)}` : '';
  const label = [vendor.type, vendor.code].filter((v) => v !== undefined).join('/');
  const descriptor = `${vendor.type ?? ''} ${vendor.code ?? ''} ${vendor.message ?? ''}`;
  let code: ProviderCallCode;
  let retryable = isRetryableStatus(status);
  if (status === 401 || status === 403) code = 'provider.auth';
  else if (status === 429 || /^Throttling/i.test(vendor.type ?? '')) {
    // AWS services answer throttling as 429, and some as 400 with a ThrottlingException type.
    retryable = true;
    code = 'provider.rate_limited';
    if (/insufficient_quota|billing/i.test(descriptor)) retryable = false;
  } else if (status === 529 || /overloaded/i.test(vendor.type ?? '')) code = 'provider.overloaded';
  else if (status === 408) code = 'provider.timeout';
  else if (status >= 500 || retryable) code = 'provider.unavailable';
  else if (CONTEXT_LENGTH.test(descriptor) || status === 413) code = 'provider.context_length';
  else if (CONTENT_FILTER.test(descriptor)) code = 'provider.content_filter';
  else code = 'provider.bad_request';
  if (failure.shouldRetry !== undefined) retryable = failure.shouldRetry;
  const options: ProviderErrorOptions<ProviderCallCode> = {
    code,
    message: `${provider} answered HTTP ${status}${label ? ` (${redactText(label, failure.secrets, 80)})` : ''}${detail}`,
    hint: hintFor(code),
    provider,
    status,
    retryable,
  };
  if (failure.retryAfterMs !== undefined) options.retryAfterMs = failure.retryAfterMs;
  if (failure.requestId !== undefined) options.requestId = failure.requestId;
  return createProviderError(options);
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', ATTEMPT_TIMEOUT_CODE]);
const NETWORK_CODES = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ECONNABORTED',
]);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (TIMEOUT_CODES.has(code) || NETWORK_CODES.has(code))) return code;
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Maps a thrown transport error (undici, socket) to a typed ProviderError. */
export function errorFromThrown(error: unknown, provider: string, aborted: boolean): ProviderError {
  if (ProviderError.isInstance(error)) return error;
  if (aborted) {
    return createProviderError({ code: 'provider.aborted', message: `the call to ${provider} was aborted`, provider, retryable: false, cause: error });
  }
  const code = errorCode(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return createProviderError({
      code: 'provider.timeout',
      message: `${provider} did not answer in time (${code})`,
      hint: 'Raise timeoutMs for slow models, or retry later.',
      provider,
      retryable: true,
      cause: error,
    });
  }
  const known = code !== undefined && NETWORK_CODES.has(code);
  return createProviderError({
    code: 'provider.network',
    message: `the connection to ${provider} failed${code ? ` (${code})` : ''}`,
    hint: 'Check the base URL and the network; the call is retried when the connection dropped.',
    provider,
    retryable: known,
    cause: error,
  });
}

/** A copy of a ProviderError with the attempt count (and request id) filled in. */
export function withAttempts(error: ProviderError, attempts: number, requestId?: string): ProviderError {
  const options: ProviderErrorOptions = {
    code: error.code,
    message: error.message,
    provider: error.provider,
    retryable: error.retryable,
    attempts,
    cause: error.cause,
  };
  if (error.hint !== undefined) options.hint = error.hint;
  if (error.status !== undefined) options.status = error.status;
  if (error.retryAfterMs !== undefined) options.retryAfterMs = error.retryAfterMs;
  const id = error.requestId ?? requestId;
  if (id !== undefined) options.requestId = id;
  return passOnProviderError(options);
}

/** What the transport knows about the request when an attempt fails, to say where and why. */
export interface FailureContext {
  /** The URL posted to; only its origin and path are ever shown. */
  url: string;
  /** The request's secret header values (see `secretsOf`). */
  secrets: () => readonly string[];
  timeoutMs: number;
  idleTimeoutMs: number;
  attemptTimeoutMs?: number | undefined;
  connectTimeoutMs?: number | undefined;
}

/** `https://host/path` without query string or credentials. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(an unparsable URL)';
  }
}

/**
 * Finishes an attempt's error for the caller: a timeout says which URL stalled and which limit it hit;
 * a message (an error a vendor sent inside the stream) loses the request's key values and their masked echoes.
 */
export function errorForRequest(error: ProviderError, context: FailureContext): ProviderError {
  let message = error.message;
  let hint = error.hint;
  if (error.code === 'provider.timeout' && error.status === undefined) {
    const kind = errorCode(error.cause);
    const where = safeUrl(context.url);
    if (kind === 'UND_ERR_BODY_TIMEOUT') {
      message = `${error.provider}: the response from ${where} stalled (no data for ${context.idleTimeoutMs} ms)`;
      hint = 'Raise the transport option idleTimeoutMs for models that pause long between tokens, or retry later.';
    } else if (kind === 'UND_ERR_HEADERS_TIMEOUT') {
      message = `${error.provider}: ${where} sent no response headers within ${context.timeoutMs} ms`;
      hint = 'Raise the transport option timeoutMs for slow models, or retry later.';
    } else if (kind === ATTEMPT_TIMEOUT_CODE) {
      message = `${error.provider}: the attempt to ${where} ran past ${context.attemptTimeoutMs} ms`;
      hint = 'Raise the transport option attemptTimeoutMs, or retry later.';
    } else if (kind === 'UND_ERR_CONNECT_TIMEOUT') {
      message = `${error.provider}: could not connect to ${where}${context.connectTimeoutMs !== undefined ? ` within ${context.connectTimeoutMs} ms` : ''}`;
      hint = 'Check the host and the network (a proxy, a firewall), or raise the transport option connectTimeoutMs.';
    } else {
      message = `${error.message} (${where})`;
    }
  }
  const redacted = redactSecrets(message, context.secrets());
  if (redacted === error.message && hint === error.hint) return error;
  const options: ProviderErrorOptions = { code: error.code, message: redacted, provider: error.provider, retryable: error.retryable, cause: error.cause };
  if (hint !== undefined) options.hint = hint;
  if (error.status !== undefined) options.status = error.status;
  if (error.retryAfterMs !== undefined) options.retryAfterMs = error.retryAfterMs;
  if (error.attempts !== undefined) options.attempts = error.attempts;
  if (error.requestId !== undefined) options.requestId = error.requestId;
  return passOnProviderError(options);
}

import { ProviderError } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';

/** Lenient readers for vendor JSON: what is missing reads as undefined, never throws. */
export type Obj = Record<string, unknown>;

export function asObj(value: unknown): Obj | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : undefined;
}

export function asArr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asStr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNum(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : 0;
}

export function badResponse(provider: string, what: string): ProviderError {
  return createProviderError({
    code: 'provider.bad_response',
    message: `${provider} answered with something that is not its documented format: ${what}`,
    hint: 'Check the base URL points at the right API; report it if it persists.',
    provider,
    retryable: false,
  });
}

/** Parses one SSE data payload as a JSON object, or fails with `provider.bad_response`. */
export function parseEventJson(provider: string, data: string): Obj {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw badResponse(provider, 'a stream event is not valid JSON');
  }
  const obj = asObj(parsed);
  if (!obj) throw badResponse(provider, 'a stream event is not a JSON object');
  return obj;
}

/** The stream ended before the vendor's end marker: retryable like a dropped connection. */
export function streamCut(provider: string): ProviderError {
  return createProviderError({
    code: 'provider.network',
    message: `the stream from ${provider} ended before the answer was complete`,
    hint: 'The connection dropped mid-answer; retry the call.',
    provider,
    retryable: true,
  });
}

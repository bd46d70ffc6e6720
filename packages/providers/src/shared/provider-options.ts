import { providerError } from '../errors/coded-errors.js';
import { ProviderError, type JsonObject, type ModelRequest } from '@warden/protocol';
import type { GenerationParameters } from '../parameters/generation-parameters.js';
import { createPriceTable, type PriceTable } from '../pricing/price-table.js';
import { createHttpTransport, type HttpTransport, type TransportOptions } from '../transport/http-transport.js';

/** Options every vendor factory accepts. */
export interface CommonProviderOptions {
  model: string;
  /** Override the vendor's API root (a proxy, a gateway, a local test server). */
  baseURL?: string;
  /** Extra headers (e.g. an OpenRouter `HTTP-Referer`). */
  headers?: Record<string, string>;
  /** Transport settings: retries, timeouts, breaker, dispatcher, clock. */
  transport?: Omit<TransportOptions, 'provider'>;
  /** The price table for `costUsd` (default: a new table with the built-in prices). */
  prices?: PriceTable;
  contextWindow?: number;
  /** Generation parameters, checked when the provider is built; `explain()` shows what is sent. */
  parameters?: GenerationParameters;
}

export function buildTransport(provider: string, options: CommonProviderOptions): HttpTransport {
  return createHttpTransport({ ...options.transport, provider });
}

export function pricesOf(options: CommonProviderOptions): PriceTable {
  return options.prices ?? createPriceTable();
}

export function notConfigured(provider: string, what: string, hint: string): ProviderError {
  return providerError({ code: 'provider.not_configured', message: `${provider} is not configured: ${what}`, hint, provider, retryable: false });
}

/** `request.providerOptions[key]` for each key, merged in order. */
export function vendorOptions(request: ModelRequest, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) Object.assign(out, request.providerOptions?.[key]);
  return out;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

import { configError } from './errors/coded-errors.js';
import type { ProviderHealth } from './transport/health.js';
import { ProviderError, type CallOptions, type OptionKeys, type ModelRequest, type ModelResponse, type ProviderV1, type StreamPart } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';

export interface FallbackOptions {
  /** The id this provider reports (default `fallback(<ids>)`). */
  id?: string;
  /** Decides whether an error moves the call to the next provider (default: {@link shouldFailOver}). */
  shouldFailOver?: (error: ProviderError) => boolean;
}

/**
 * The default failover rule: move on when the call failed with a retryable
 * error after its own retries (rate limit, overload, 5xx, timeout, dropped
 * connection), when the breaker is open, or when Retry-After was past the
 * ceiling. Never on a request the next provider would reject the same way
 * (bad request, context length, content filter), nor on an abort.
 */
export function shouldFailOver(error: ProviderError): boolean {
  if (error.code === 'provider.aborted') return false;
  if (error.code === 'provider.circuit_open') return true;
  return error.retryable;
}

/**
 * A provider that tries `providers` in order. Each switch is reported through
 * `onNotice` as `provider_switch`. The neutral conversation is converted by
 * each adapter, so thinking from another vendor is dropped, not sent. A
 * stream switches only before its first part: after that the error is raised.
 */
export interface FallbackProvider extends ProviderV1 {
  /** The health of every provider in the chain that reports one, in order. */
  health(): ProviderHealth[];
}

const FALLBACK_KEYS = { id: true, shouldFailOver: true } satisfies OptionKeys<FallbackOptions>;

export function fallback(providers: readonly ProviderV1[], options: FallbackOptions = {}): FallbackProvider {
  strictOptions('fallback', FALLBACK_KEYS, options);
  const first = providers[0];
  if (!first) throw configError({ code: 'config.invalid', message: 'fallback() needs at least one provider', hint: 'Pass [primary, secondary, …].' });
  const decide = options.shouldFailOver ?? shouldFailOver;
  const id = options.id ?? `fallback(${providers.map((p) => p.id).join(',')})`;

  function next(error: unknown, index: number, call: CallOptions): boolean {
    const current = providers[index];
    const following = providers[index + 1];
    if (!current || !following || !ProviderError.isInstance(error) || call.signal?.aborted || !decide(error)) return false;
    call.onNotice?.({ type: 'provider_switch', from: current.id, to: following.id, reason: error.code, code: error.code, ...(error.status !== undefined ? { status: error.status } : {}) });
    return true;
  }

  async function complete(request: ModelRequest, call: CallOptions = {}): Promise<ModelResponse> {
    for (let index = 0; ; index += 1) {
      const provider = providers[index] as ProviderV1;
      try {
        return await provider.complete(request, call);
      } catch (error) {
        if (!next(error, index, call)) throw error;
      }
    }
  }

  async function* stream(request: ModelRequest, call: CallOptions = {}): AsyncGenerator<StreamPart> {
    for (let index = 0; ; index += 1) {
      const provider = providers[index] as ProviderV1;
      let started = false;
      try {
        for await (const part of provider.stream(request, call)) {
          started = true;
          yield part;
        }
        return;
      } catch (error) {
        if (started || !next(error, index, call)) throw error;
      }
    }
  }

  const health = (): ProviderHealth[] =>
    providers.flatMap((p) => {
      const report = (p as { health?: () => ProviderHealth | ProviderHealth[] }).health;
      if (typeof report !== 'function') return [];
      const result = report.call(p);
      return Array.isArray(result) ? result : [result];
    });
  const provider: FallbackProvider = { specificationVersion: 'v1', id, model: first.model, complete, stream, health };
  const windows = providers.map((p) => p.contextWindow).filter((w): w is number => w !== undefined);
  if (windows.length === providers.length) Object.assign(provider, { contextWindow: Math.min(...windows) });
  return provider;
}

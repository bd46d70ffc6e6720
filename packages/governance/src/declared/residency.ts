import { ProviderError, type CallOptions, type ModelRequest, type ModelResponse, type ProviderV1, type StreamPart } from '@warden/protocol';
import { isLoopbackName } from '@warden/protocol/net';
import { globToRegExp } from '../policy/glob.js';
import { policyError } from '../util/coded-errors.js';
import { decideModel } from './decide.js';
import type { DecisionSink } from './decision-record.js';
import type { EffectiveGovernance } from './effective-governance.js';

/**
 * A backend and where its calls really go. Give `region` when the adapter knows it (Bedrock's
 * region, Vertex's location); otherwise `host` (an Azure endpoint, a vendor's API host) is looked
 * up in the governance file's `regions`, then the provider id; a loopback host is `home`.
 */
export interface Backend {
  provider: ProviderV1;
  region?: string;
  host?: string;
}

/** The region a backend's calls go to, or undefined when nothing says (which no jurisdiction allows). */
export function destinationRegion(backend: Backend, governance: EffectiveGovernance): string | undefined {
  if (backend.region !== undefined) return backend.region;
  if (backend.host !== undefined) {
    const mapped = governance.regions[backend.host.toLowerCase()];
    if (mapped !== undefined) return mapped;
    if (isLoopbackName(backend.host)) return governance.home;
  }
  return governance.regions[backend.provider.id];
}

/** Whether a call about a data subject of `jurisdiction` may go to `region`. An undeclared jurisdiction allows nothing. */
export function residencyAllows(governance: EffectiveGovernance, jurisdiction: string, region: string | undefined): boolean {
  const allowed = governance.residency[jurisdiction];
  if (allowed === undefined || region === undefined) return false;
  return allowed.some((glob) => globToRegExp(glob).test(region));
}

export interface ResidentProviderOptions {
  /** The data subject's jurisdiction for this run (a run tag); undefined: no data subject, no restriction. */
  jurisdiction: string | undefined | (() => string | undefined);
  onDecision?: DecisionSink;
  /** Whether an error moves the call on to the next allowed backend (default: retryable errors and open breakers). */
  shouldFailOver?: (error: ProviderError) => boolean;
}

const defaultFailOver = (error: ProviderError): boolean => error.code === 'provider.circuit_open' || (error.code !== 'provider.aborted' && error.retryable);

/**
 * A fallback chain that checks residency on every call, after the chain picked a backend: a
 * backend whose real destination is not allowed for the data subject's jurisdiction (or that an
 * `on: model` rule forbids) is skipped for the next one; when none is left the call is refused
 * (`policy.residency_refused`). Each check is recorded with the policy version; under
 * `mode: monitor` forbidden backends are recorded and still used.
 */
export function residentProvider(backends: readonly Backend[], governance: EffectiveGovernance, options: ResidentProviderOptions): ProviderV1 {
  const first = backends[0];
  if (!first) throw policyError({ code: 'policy.invalid', message: 'residentProvider needs at least one backend', hint: 'Pass the fallback chain, first choice first.' });
  const failOver = options.shouldFailOver ?? defaultFailOver;
  const jurisdictionNow = (): string | undefined => (typeof options.jurisdiction === 'function' ? options.jurisdiction() : options.jurisdiction);

  /** Whether this backend may take the call, recording the check. */
  function permitted(backend: Backend): boolean {
    const jurisdiction = jurisdictionNow();
    const region = destinationRegion(backend, governance);
    const model = decideModel(governance, backend.provider.id, backend.provider.model);
    const inRegion = jurisdiction === undefined || residencyAllows(governance, jurisdiction, region);
    const allowed = inRegion && model.effect === 'allow';
    options.onDecision?.({
      subject: 'residency',
      effect: allowed ? 'allow' : 'deny',
      enforced: governance.mode === 'enforce',
      rules: model.rules,
      policyVersion: governance.version,
      detail: { provider: backend.provider.id, model: backend.provider.model, region: region ?? null, jurisdiction: jurisdiction ?? null },
    });
    return allowed || governance.mode === 'monitor';
  }

  function refused(): Error {
    return policyError({
      code: 'policy.residency_refused',
      message: `no backend of ${backends.map((b) => b.provider.id).join(', ')} is in a region allowed for jurisdiction ${jurisdictionNow() ?? '(none)'}`,
      hint: 'Add a backend in an allowed region to the chain, or declare its region in the governance file (regions).',
    });
  }

  function switched(call: CallOptions, from: Backend, to: Backend | undefined, reason: string): void {
    if (to) call.onNotice?.({ type: 'provider_switch', from: from.provider.id, to: to.provider.id, reason });
  }

  async function complete(request: ModelRequest, call: CallOptions = {}): Promise<ModelResponse> {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[i] as Backend;
      if (!permitted(backend)) {
        switched(call, backend, backends[i + 1], 'residency');
        continue;
      }
      try {
        return await backend.provider.complete(request, call);
      } catch (error) {
        if (!ProviderError.isInstance(error) || call.signal?.aborted || !failOver(error) || i === backends.length - 1) throw error;
        switched(call, backend, backends[i + 1], error.code);
      }
    }
    throw refused();
  }

  async function* stream(request: ModelRequest, call: CallOptions = {}): AsyncGenerator<StreamPart> {
    for (let i = 0; i < backends.length; i += 1) {
      const backend = backends[i] as Backend;
      if (!permitted(backend)) {
        switched(call, backend, backends[i + 1], 'residency');
        continue;
      }
      let started = false;
      try {
        for await (const part of backend.provider.stream(request, call)) {
          started = true;
          yield part;
        }
        return;
      } catch (error) {
        if (started || !ProviderError.isInstance(error) || call.signal?.aborted || !failOver(error) || i === backends.length - 1) throw error;
        switched(call, backend, backends[i + 1], error.code);
      }
    }
    throw refused();
  }

  return { specificationVersion: 'v1', id: `resident(${backends.map((b) => b.provider.id).join(',')})`, model: first.provider.model, complete, stream };
}

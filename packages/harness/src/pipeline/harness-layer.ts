import type { ApproverV1, GateV1, ProviderV1 } from '@warden/protocol';
import type { GovernedAgent } from '../governed-agent.js';

/**
 * One layer of the harness's pipeline (the AI SDK's middleware, undici's interceptors): a name and
 * the wraps it needs. `agent` wraps the runs of the layers inside it; `provider`, `gate` and
 * `approver` wrap the parts the harness hands to core. A layer never reaches past its neighbour:
 * what it needs from the run it reads from the options and events it is given.
 */
export interface HarnessLayer {
  /** For reading the list (and its test), e.g. `tracing`. */
  readonly name: string;
  readonly agent?: (inner: GovernedAgent) => GovernedAgent;
  readonly provider?: (inner: ProviderV1) => ProviderV1;
  readonly gate?: (inner: GateV1) => GateV1;
  readonly approver?: (inner: ApproverV1) => ApproverV1;
}

type Part = 'agent' | 'provider' | 'gate' | 'approver';
type PartOf<P extends Part> = Parameters<NonNullable<HarnessLayer[P]>>[0];

/**
 * Wraps `inner` in every listed layer's `part`, the first layer outermost (as undici's `compose`):
 * `wrap([a, b], 'agent', x)` is `a.agent(b.agent(x))`. A `false` or `undefined` entry is a layer
 * switched off, so the list reads the same whatever is configured.
 */
export function wrapWith<P extends Part>(layers: readonly (HarnessLayer | false | undefined)[], part: P, inner: PartOf<P>): PartOf<P> {
  let wrapped = inner;
  for (const layer of [...layers].reverse()) {
    const wrap = layer ? (layer[part] as ((value: PartOf<P>) => PartOf<P>) | undefined) : undefined;
    if (wrap) wrapped = wrap(wrapped);
  }
  return wrapped;
}

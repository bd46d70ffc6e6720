import type { Agent } from '@warden/core';
import type { PriceTable } from '@warden/providers/catalog';
import { alertingLayer } from '../cost/alerting-layer.js';
import type { BudgetAlerts } from '../cost/budget-alert-types.js';
import { authorizedAgent, type Authority, type GovernedAgent } from '../governed-agent.js';
import { planFirstLayer, type PlanFirstDeps } from '../plan-first/plan-first-agent.js';
import type { TracingRuntime } from '../tracing/tracing-runtime.js';
import type { HarnessLayer } from './harness-layer.js';
import { wrapWith } from './harness-layer.js';
import { observedLayer, type Observers } from './observed-layer.js';
import { railsLayer, type RailEventQueue } from './rails-layer.js';
import { runControlLayer, type RunControl } from './run-control-layer.js';
import { tracingLayer } from './tracing-layer.js';

/** What the configured layers need; a layer whose part is absent is off. */
export interface PipelineParts {
  observers: Observers;
  tracing?: TracingRuntime;
  alerts?: { alerts: BudgetAlerts; owner: string; prices: PriceTable };
  planFirst?: PlanFirstDeps;
  rails?: RailEventQueue | undefined;
  /** The declared governance's layer (`declared-governance`), when a governance file is in force. */
  declared?: HarnessLayer;
}

export interface HarnessPipeline {
  /** The layers that are on, outermost first. */
  readonly layers: readonly HarnessLayer[];
  readonly control: RunControl;
  /** Wraps a part handed to core (provider, gate, approver) in every layer that wraps it. */
  wrap<P extends 'provider' | 'gate' | 'approver'>(part: P, inner: Parameters<NonNullable<HarnessLayer[P]>>[0]): Parameters<NonNullable<HarnessLayer[P]>>[0];
  /** Core's agent under the harness's authority, wrapped in every layer. */
  agent(core: Agent, authority: Authority): GovernedAgent;
}

/**
 * The one place the order of the layers around an agent is written, outermost first:
 *
 * 1. `run-control` — the harness's `stop()`/`abort()` reach every run in flight, whatever is inside.
 * 2. `tracing` — the run's span covers everything below it, the plan-first call included.
 * 3. `budget-alerts` — meters the spend the caller sees, the plan-first call's included.
 * 4. `plan-first` — writes and approves the plan before the run reads anything untrusted.
 * 5. `redaction-and-audit` — every event the layers above and the caller see is redacted and in the trail first.
 * 6. `content-rails` — what the content rails found, as `warning` events, inside redaction and audit.
 * 7. `declared-governance` — the run's tags (purpose, jurisdiction) hold for everything inside; residency
 *    wraps the provider closest to it, so the check sees the real destination; the governed gate.
 *
 * Under them, core's agent under the harness's authority (scope and initial taint per run).
 */
export function harnessPipeline(parts: PipelineParts): HarnessPipeline {
  const { layer: runControl, control } = runControlLayer();
  const layers = [
    runControl,
    parts.tracing && tracingLayer(parts.tracing),
    parts.alerts && alertingLayer(parts.alerts.alerts, parts.alerts.owner, parts.alerts.prices),
    parts.planFirst && planFirstLayer(parts.planFirst),
    observedLayer(parts.observers),
    parts.rails && railsLayer(parts.rails),
    parts.declared,
  ].filter((layer): layer is HarnessLayer => Boolean(layer));
  return {
    layers,
    control,
    wrap: (part, inner) => wrapWith(layers, part, inner),
    agent: (core, authority) => wrapWith(layers, 'agent', authorizedAgent(core, authority)),
  };
}

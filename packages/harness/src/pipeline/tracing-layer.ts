import { tracedAgent } from '../tracing/traced-agent.js';
import { tracedApprover } from '../tracing/traced-approver.js';
import { tracedGate } from '../tracing/traced-gate.js';
import { tracedProvider } from '../tracing/traced-provider.js';
import type { TracingRuntime } from '../tracing/tracing-runtime.js';
import type { HarnessLayer } from './harness-layer.js';

/**
 * OpenTelemetry as a layer of the harness's pipeline: spans for each run (parented by the
 * caller's `traceContext`) and for the model calls, gate decisions and approval waits of the
 * parts it wraps. The spans themselves are the tracing module's (`src/tracing/`).
 */
export function tracingLayer(runtime: TracingRuntime): HarnessLayer {
  return {
    name: 'tracing',
    agent: (inner) => tracedAgent(inner, runtime),
    provider: (inner) => tracedProvider(inner, runtime),
    gate: (inner) => tracedGate(inner, runtime),
    approver: (inner) => tracedApprover(inner, runtime),
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Tracer } from '@opentelemetry/api';
import { loadOtelApi, type ModuleImporter, type OtelApi } from './load-otel-api.js';
import { RunTracer } from './run-tracer.js';
import { contentRecorder } from './span-content.js';
import { parseTraceparent } from './trace-context.js';
import type { HarnessTracing, TraceContextCarrier } from './tracing-options.js';

const TRACER_NAME = '@warden/harness';
const DEFAULT_MAX_CONTENT = 16_384;

/**
 * One harness's tracing: the OpenTelemetry API and tracer, and which run the code on the current
 * async path belongs to (an AsyncLocalStorage set around each `run`/`stream`/`resume`), so the
 * shared provider, gate and approver find their parent span even when runs overlap.
 */
export interface TracingRuntime {
  readonly api: OtelApi;
  readonly tracer: Tracer;
  /** The run on this async path, if any. */
  current(): RunTracer | undefined;
  /** A tracer for one harness call; its spans start under `carrier`'s remote parent, else the active context. */
  startRun(carrier?: TraceContextCarrier): RunTracer;
  /** Runs `fn` with `run` as the current run. */
  within<T>(run: RunTracer, fn: () => T): T;
}

export interface TracingRuntimeInit {
  tracing: HarnessTracing;
  /** The harness's one redactor: content goes through it before any span sees it. */
  redact: (text: string) => string;
  importer?: ModuleImporter;
}

export async function createTracingRuntime(init: TracingRuntimeInit): Promise<TracingRuntime> {
  const api = await loadOtelApi(init.importer);
  const provider = init.tracing.tracerProvider ?? api.trace;
  const tracer = provider.getTracer(TRACER_NAME) as Tracer;
  const storage = new AsyncLocalStorage<RunTracer>();
  const content = init.tracing.captureContent === true ? contentRecorder(init.redact, init.tracing.maxContentChars ?? DEFAULT_MAX_CONTENT) : undefined;
  const parentOf = (carrier: TraceContextCarrier | undefined): Context => {
    const active = api.context.active();
    const remote = carrier ? parseTraceparent(carrier) : undefined;
    if (!remote) return active;
    const traceState = carrier?.tracestate ? api.createTraceState(carrier.tracestate) : undefined;
    return api.trace.setSpanContext(active, { ...remote, ...(traceState ? { traceState } : {}) });
  };
  return {
    api,
    tracer,
    current: () => storage.getStore(),
    startRun: (carrier) => new RunTracer({ api, tracer, parent: parentOf(carrier), agentName: 'warden', ...(content ? { content } : {}) }),
    within: (run, fn) => storage.run(run, fn),
  };
}

import type { ModuleImporter } from './load-otel-api.js';
import { traceHeaders } from './trace-context.js';
import type { TraceContextCarrier } from './tracing-options.js';

const nativeImport: ModuleImporter = (specifier) => import(specifier);

/**
 * The caller's current place in a trace, as W3C trace context — what a job queued now, or a
 * request sent now, carries so the run it starts elsewhere joins the same trace. Undefined when
 * `@opentelemetry/api` is not installed (nothing is paid then) or no span is active.
 */
export async function activeTraceContext(importer: ModuleImporter = nativeImport): Promise<TraceContextCarrier | undefined> {
  let api: typeof import('@opentelemetry/api');
  try {
    const mod = (await importer('@opentelemetry/api')) as typeof import('@opentelemetry/api') & { default?: typeof import('@opentelemetry/api') };
    api = mod.trace ? mod : (mod.default ?? mod);
  } catch {
    return undefined;
  }
  const span = api.trace.getSpanContext(api.context.active());
  if (!span || !api.trace.isSpanContextValid(span)) return undefined;
  const headers = traceHeaders(span);
  return headers.tracestate ? { traceparent: headers.traceparent!, tracestate: headers.tracestate } : { traceparent: headers.traceparent! };
}

/** A carrier checked before it travels: a well-formed, non-zero `traceparent` and a short `tracestate`. */
export function isTraceContextCarrier(value: unknown): value is TraceContextCarrier {
  if (typeof value !== 'object' || value === null) return false;
  const { traceparent, tracestate, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof traceparent !== 'string') return false;
  const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/.exec(traceparent);
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return false;
  return tracestate === undefined || (typeof tracestate === 'string' && tracestate.length <= 512 && !/[\r\n]/.test(tracestate));
}

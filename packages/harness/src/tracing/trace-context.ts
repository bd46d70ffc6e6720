import type { TraceContextCarrier } from './tracing-options.js';

/** What a span's context holds (the shape of OpenTelemetry's `SpanContext`). */
export interface SpanContextLike {
  traceId: string;
  spanId: string;
  traceFlags: number;
  isRemote?: boolean;
  traceState?: { serialize(): string };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** W3C trace context headers for a span: `traceparent`, and `tracestate` when there is one. */
export function traceHeaders(context: SpanContextLike): Record<string, string> {
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  const headers: Record<string, string> = { traceparent: `00-${context.traceId}-${context.spanId}-${flags}` };
  const state = context.traceState?.serialize();
  if (state) headers.tracestate = state;
  return headers;
}

/** A remote parent from W3C headers, or undefined when `traceparent` is malformed or all zeros. */
export function parseTraceparent(carrier: TraceContextCarrier): Omit<SpanContextLike, 'traceState'> | undefined {
  const match = TRACEPARENT.exec(carrier.traceparent.trim().toLowerCase());
  if (!match) return undefined;
  const [, traceId, spanId, flags] = match as unknown as [string, string, string, string];
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true };
}

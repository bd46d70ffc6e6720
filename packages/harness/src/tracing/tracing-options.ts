/**
 * Anything that hands out tracers: an OpenTelemetry `TracerProvider` (the SDK's
 * `BasicTracerProvider`, `NodeTracerProvider`) or `trace` from `@opentelemetry/api`. Typed
 * structurally so `@opentelemetry/api` stays an optional peer.
 */
export interface TracerProviderLike {
  getTracer(name: string, version?: string): unknown;
}

/** `createHarness({ tracing })`: OpenTelemetry spans for every run (see the README's Tracing section). */
export interface HarnessTracing {
  /** Where spans go (default: the global tracer provider of `@opentelemetry/api`). */
  tracerProvider?: TracerProviderLike;
  /**
   * Record prompts, answers, tool arguments and tool results on spans (default false). When on,
   * every value passes through the harness's redactor first and is cut to `maxContentChars`.
   */
  captureContent?: boolean;
  /** Longest content attribute, in characters (default 16 384). */
  maxContentChars?: number;
}

/** A run's place in a trace started elsewhere (a fleet job, an HTTP request): W3C trace context. */
export interface TraceContextCarrier {
  traceparent: string;
  tracestate?: string;
}

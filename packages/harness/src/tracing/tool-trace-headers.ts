import { traceHeaders } from './trace-context.js';
import type { TracingRuntime } from './tracing-runtime.js';

/**
 * W3C trace context headers for a tool call on the current run: the call's own span, so a
 * remote agent's run (an A2A or MCP server that extracts `traceparent`) becomes its child and one
 * trace follows the task across machines. Undefined outside a traced run.
 */
export function toolTraceHeaders(runtime: TracingRuntime, callId: string): Record<string, string> | undefined {
  const run = runtime.current();
  if (!run) return undefined;
  const span = runtime.api.trace.getSpan(run.toolParent(callId));
  return span ? traceHeaders(span.spanContext()) : undefined;
}

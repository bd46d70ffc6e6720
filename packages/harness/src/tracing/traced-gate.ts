import type { Span } from '@opentelemetry/api';
import type { Decision, GateV1 } from '@warden/protocol';
import { errorCodeOf } from '@warden/protocol';
import { ATTR } from './gen-ai-attributes.js';
import type { TracingRuntime } from './tracing-runtime.js';

/**
 * The gate with one `gate <tool>` span per decision, a child of the tool call's span: effect, rule,
 * whether a person is required (and the reason, when content is captured — redacted).
 * A synchronous gate stays synchronous.
 */
export function tracedGate(gate: GateV1, runtime: TracingRuntime): GateV1 {
  const done = (span: Span, decision: Decision): Decision => {
    if (!span.isRecording()) {
      span.end();
      return decision;
    }
    const content = runtime.current()?.captureContent;
    span.setAttributes({
      [ATTR.gateEffect]: decision.effect,
      [ATTR.gateRule]: decision.rule,
      [ATTR.gateRequiresPerson]: decision.requiresPerson === true,
      ...(content ? { [ATTR.gateReason]: content(decision.reason) } : {}),
    });
    span.end();
    return decision;
  };
  const failed = (span: Span, error: unknown): never => {
    span.setAttribute(ATTR.errorType, errorCodeOf(error));
    span.setStatus({ code: runtime.api.SpanStatusCode.ERROR });
    span.end();
    throw error;
  };
  return {
    specificationVersion: gate.specificationVersion,
    decide(call, ctx) {
      const run = runtime.current();
      const parent = run ? run.toolParent(call.id) : runtime.api.context.active();
      const span = runtime.tracer.startSpan(`gate ${call.name}`, { attributes: { [ATTR.toolName]: call.name, [ATTR.toolCallId]: call.id } }, parent);
      let decided: Decision | Promise<Decision>;
      try {
        decided = gate.decide(call, ctx);
      } catch (error) {
        return failed(span, error);
      }
      return decided instanceof Promise ? decided.then((d) => done(span, d), (error: unknown) => failed(span, error)) : done(span, decided);
    },
  };
}

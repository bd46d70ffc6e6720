import type { ApproverV1 } from '@warden/protocol';
import { errorCodeOf } from '@warden/protocol';
import { ATTR } from './gen-ai-attributes.js';
import type { TracingRuntime } from './tracing-runtime.js';

/** The approver with one `approval <tool>` span per question, a child of the tool call's span: how long the wait was and what was answered. */
export function tracedApprover(approver: ApproverV1, runtime: TracingRuntime): ApproverV1 {
  return {
    specificationVersion: approver.specificationVersion,
    kind: approver.kind,
    async approve(request, options) {
      const run = runtime.current();
      const parent = run ? run.toolParent(request.call.id) : runtime.api.context.active();
      const span = runtime.tracer.startSpan(
        `approval ${request.call.name}`,
        { attributes: { [ATTR.toolName]: request.call.name, [ATTR.toolCallId]: request.call.id, [ATTR.approverKind]: approver.kind, [ATTR.gateRequiresPerson]: request.decision.requiresPerson === true } },
        parent,
      );
      try {
        const answer = await approver.approve(request, options);
        span.setAttributes({ [ATTR.approvalOutcome]: answer.outcome, [ATTR.approvalAutomatic]: answer.automatic === true });
        return answer;
      } catch (error) {
        span.setAttribute(ATTR.errorType, errorCodeOf(error));
        span.setStatus({ code: runtime.api.SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  };
}

import type { JsonValue } from '@warden/protocol';
import type { WorkflowEvent, WorkflowOptions, WorkflowResult } from './workflow-types.js';

// What watches a run from outside: the audit trail (every event a record, written in order) and
// the tracer (the run a span, each step a span inside it — see WorkflowRun.step).

/** Emits to `emit` and to the audit trail; `audited()` settles when every record so far is written. */
export function auditedEmit(options: WorkflowOptions, runId: string, emit: (event: WorkflowEvent) => void): { emit: (event: WorkflowEvent) => void; audited: () => Promise<void> } {
  const audit = options.audit;
  if (!audit) return { emit, audited: () => Promise.resolve() };
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  return {
    emit(event) {
      const data = (options.redact ? JSON.parse(options.redact(JSON.stringify(event))) : event) as JsonValue;
      chain = chain.then(() => audit(`workflow.${event.type}`, data, runId)).catch((error: unknown) => void (failure ??= error));
      emit(event);
    },
    async audited() {
      await chain;
      if (failure !== undefined) throw failure;
    },
  };
}

/** The whole run as one span (`workflow <name>`), its steps' spans inside it. */
export function tracedRun(options: WorkflowOptions, name: string, runId: string, resumed: boolean, run: () => Promise<WorkflowResult>): Promise<WorkflowResult> {
  const tracer = options.tracer;
  if (!tracer) return run();
  return tracer.startActiveSpan(`workflow ${name}`, { attributes: { 'warden.workflow.name': name, 'warden.workflow.run_id': runId, 'warden.workflow.resumed': resumed } }, async (span) => {
    try {
      const result = await run();
      span.setAttribute('warden.workflow.status', result.status);
      if (result.failedStep) span.setAttribute('warden.workflow.failed_step', result.failedStep);
      if (result.status !== 'ok') span.setStatus({ code: 2, message: result.error?.message ?? result.status });
      return result;
    } finally {
      span.end();
    }
  });
}

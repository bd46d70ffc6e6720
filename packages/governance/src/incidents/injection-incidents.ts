import type { AfterToolContext } from '@warden/protocol';
import type { TaintMark } from '../taint/taint-detector.js';
import type { IncidentTracker } from './incidents.js';

/** An `afterTool` hook that opens incidents, and a way to wait for their trail entries. */
export interface InjectionIncidents {
  afterTool(ctx: AfterToolContext): undefined;
  /** Waits for the incidents opened so far to be recorded; rethrows the first failure. */
  flush(): Promise<void>;
}

/**
 * Opens an incident (cause `injection`, one per run) when a tool's output carries injection
 * signals — the same signals that mark the run untrusted (`taintDetector().inspect`). It changes
 * nothing the model sees: put it beside the taint detector in core's hooks.
 */
export function injectionIncidents(detector: { inspect(ctx: AfterToolContext): TaintMark | undefined }, tracker: IncidentTracker): InjectionIncidents {
  let last: Promise<unknown> = Promise.resolve();
  let failure: unknown;
  return {
    afterTool(ctx) {
      const mark = detector.inspect(ctx);
      if (!mark || !mark.taint.reasonId.startsWith('injection.')) return undefined;
      const opened = tracker.open({ cause: 'injection', key: `injection:${ctx.runId}`, runId: ctx.runId, detail: { tool: ctx.call.name, signal: mark.taint.reasonId } });
      last = Promise.all([last, opened.catch((error: unknown) => void (failure ??= error))]);
      return undefined;
    },
    async flush() {
      await last;
      if (failure !== undefined) throw failure;
    },
  };
}

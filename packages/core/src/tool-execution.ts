import { normalizeToolOutput, textContent, WardenError, type ToolContext, type ToolResultContent, type ToolResultStatus } from '@warden/protocol';
import { ABORTED, abortPromise, linkSignal } from './abort.js';
import type { RunContext } from './run-context.js';
import type { RunnableCall } from './tool-decision.js';

export const ABORTED_RESULT_TEXT =
  'This tool call was interrupted because the run was aborted while it ran. Its effects, if any, are unknown; check before retrying.';
export const NOT_STARTED_TEXT = 'This tool call was not started because the run was aborted.';

export interface ExecutionOutcome {
  status: ToolResultStatus;
  content: ToolResultContent;
  isError: boolean;
}

const TIMED_OUT: unique symbol = Symbol('timed-out');

/**
 * Runs one cleared call with its own AbortSignal (linked to the run's), a
 * time limit (the tool's `timeoutMs`, else the agent's `toolTimeoutMs`), and
 * turns every way it can end into a result: ok, error (thrown or flagged),
 * timeout, or interrupted when the run is aborted. The listener and timer it
 * sets up are removed before it returns.
 */
export async function executeTool(run: RunContext, prepared: RunnableCall): Promise<ExecutionOutcome> {
  if (run.signal.aborted) return { status: 'not_started', content: textContent(NOT_STARTED_TEXT), isError: true };
  const { tool, call } = prepared;
  const step = run.state.step;
  const controller = new AbortController();
  const unlink = linkSignal(run.signal, controller);
  const guard = abortPromise(run.signal);
  const limit = tool.timeoutMs ?? run.options.toolTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    if (Number.isFinite(limit) && limit > 0) timer = setTimeout(() => resolve(TIMED_OUT), limit);
  });
  const ctx: ToolContext = {
    signal: controller.signal,
    callId: call.id,
    runId: run.runId,
    ...(run.options.context.workspace !== undefined ? { workspace: run.options.context.workspace } : {}),
    emit(notice) {
      if (notice.type === 'warning') run.warn('tool.warning', `${call.name}: ${notice.message}`);
      else run.emit({ type: 'tool_progress', step, callId: call.id, name: call.name, message: notice.message });
    },
  };
  const work = Promise.resolve().then(() => tool.execute(prepared.args, ctx));
  work.catch(() => undefined); // a call that timed out or was interrupted may still reject later
  try {
    const outcome = await Promise.race([work, guard.promise, timeout]);
    if (outcome === ABORTED) return { status: 'interrupted', content: textContent(ABORTED_RESULT_TEXT), isError: true };
    if (outcome === TIMED_OUT) {
      controller.abort(new Error('tool timed out'));
      return { status: 'timeout', content: textContent(`Tool ${call.name} timed out after ${limit} ms and was cancelled.`), isError: true };
    }
    const normalized = normalizeToolOutput(outcome);
    return { status: normalized.isError ? 'error' : 'ok', content: normalized.content, isError: normalized.isError };
  } catch (error) {
    if (run.signal.aborted) return { status: 'interrupted', content: textContent(ABORTED_RESULT_TEXT), isError: true };
    const message = error instanceof Error ? error.message : String(error);
    // A WardenError's hint tells the model what to do differently (e.g. a path outside the workspace).
    const hint = WardenError.isInstance(error) && error.hint ? ` Hint: ${error.hint}` : '';
    const code = WardenError.isInstance(error) ? ` [${error.code}]` : '';
    return { status: 'error', content: textContent(`Tool ${call.name} failed${code}: ${message}${hint}`), isError: true };
  } finally {
    if (timer) clearTimeout(timer);
    guard.dispose();
    unlink();
  }
}

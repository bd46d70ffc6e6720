import { normalizeToolOutput, textContent, WardenError, type ToolContext, type ToolOutput, type ToolResultContent, type ToolResultStatus } from '@warden/protocol';
import { ABORTED } from './abort.js';
import { setNote } from './run-authority.js';
import type { RunContext } from './run-context.js';
import type { RunnableCall } from './tool-decision.js';
import { isThenable } from './is-thenable.js';

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
 *
 * Cheap on the common path: the call's AbortController is made only when the
 * tool reads `ctx.signal` (already aborted if the run was aborted or the call
 * timed out by then), and a tool that returns synchronously needs no timer,
 * listener or race at all.
 */
export async function executeTool(run: RunContext, prepared: RunnableCall): Promise<ExecutionOutcome> {
  if (run.signal.aborted) return { status: 'not_started', content: textContent(NOT_STARTED_TEXT), isError: true };
  const { tool, call } = prepared;
  const step = run.state.step;
  let controller: AbortController | undefined;
  /** Why the call's signal is aborted, once it is (set before the controller may exist). */
  let abortReason: { reason: unknown } | undefined;
  /** The call has ended: a later run abort no longer reaches its signal. */
  let ended = false;
  const abortCall = (reason: unknown): void => {
    if (abortReason) return;
    abortReason = { reason };
    controller?.abort(reason);
  };
  const ctx: ToolContext = {
    get signal(): AbortSignal {
      if (!controller) {
        controller = new AbortController();
        if (!abortReason && !ended && run.signal.aborted) abortReason = { reason: run.signal.reason };
        if (abortReason) controller.abort(abortReason.reason);
      }
      return controller.signal;
    },
    callId: call.id,
    runId: run.runId,
    ...(run.options.context.workspace !== undefined ? { workspace: run.options.context.workspace } : {}),
    ...(run.state.scope ? { scope: run.state.scope } : {}),
    tainted: run.state.tainted,
    emit(notice) {
      if (notice.type === 'warning') run.warn('tool.warning', `${call.name}: ${notice.message}`);
      else {
        run.emit({ type: 'tool_progress', step, callId: call.id, name: call.name, message: notice.message });
        if (notice.todos || notice.sources) {
          run.emit({ type: 'progress', step, callId: call.id, ...(notice.todos ? { todos: [...notice.todos] } : {}), ...(notice.sources ? { sources: [...notice.sources] } : {}), ...(run.state.tainted ? { tainted: true } : {}) });
        }
      }
    },
    notes: { get: (key) => run.state.notes.get(key), set: (key, value) => setNote(run, key, value) },
  };
  let value: unknown;
  try {
    value = tool.execute(prepared.args, ctx);
    if (isThenable(value)) value = await raceCall(run.signal, value, tool.timeoutMs ?? run.options.toolTimeoutMs, abortCall);
    else if (run.signal.aborted) value = ABORTED; // the run was aborted while the call ran (it cannot have seen it otherwise)
  } catch (error) {
    ended = true;
    if (run.signal.aborted) return { status: 'interrupted', content: textContent(ABORTED_RESULT_TEXT), isError: true };
    const message = error instanceof Error ? error.message : String(error);
    // A WardenError's hint tells the model what to do differently (e.g. a path outside the workspace).
    const hint = WardenError.isInstance(error) && error.hint ? ` Hint: ${error.hint}` : '';
    const code = WardenError.isInstance(error) ? ` [${error.code}]` : '';
    return { status: 'error', content: textContent(`Tool ${call.name} failed${code}: ${message}${hint}`), isError: true };
  }
  ended = true;
  if (value === ABORTED) return { status: 'interrupted', content: textContent(ABORTED_RESULT_TEXT), isError: true };
  if (value === TIMED_OUT) {
    const limit = tool.timeoutMs ?? run.options.toolTimeoutMs;
    return { status: 'timeout', content: textContent(`Tool ${call.name} timed out after ${limit} ms and was cancelled.`), isError: true };
  }
  const normalized = normalizeToolOutput(value as ToolOutput);
  return { status: normalized.isError ? 'error' : 'ok', content: normalized.content, isError: normalized.isError };
}


/**
 * Waits for a running call, the run's abort or the time limit, whichever comes first, with one
 * listener on the run's signal and one timer, both removed before it returns. The call's own
 * signal is aborted when the run aborts or the time runs out.
 */
async function raceCall(
  signal: AbortSignal,
  work: PromiseLike<unknown>,
  limit: number,
  abortCall: (reason: unknown) => void,
): Promise<unknown> {
  const settled = Promise.resolve(work);
  settled.catch(() => undefined); // a call that timed out or was interrupted may still reject later
  if (signal.aborted) {
    // The call itself aborted the run before handing back its promise.
    abortCall(signal.reason);
    return ABORTED;
  }
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<typeof ABORTED | typeof TIMED_OUT>((resolve) => {
    // Settle first, then abort the call's signal: a tool that resolves on abort must not win the race.
    onAbort = () => {
      resolve(ABORTED);
      abortCall(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    if (Number.isFinite(limit) && limit > 0) {
      timer = setTimeout(() => {
        resolve(TIMED_OUT);
        abortCall(new Error('tool timed out'));
      }, limit);
    }
  });
  try {
    return await Promise.race([settled, stop]);
  } finally {
    if (timer) clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

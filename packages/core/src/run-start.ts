import { INTERRUPTED_RESULT_TEXT, textOf, type ApprovalAnswer, type RunScope, type TaintSource } from '@warden/protocol';
import type { EventSink } from './event-stream.js';
import { newId } from './ids.js';
import type { ResolvedOptions } from './resolve-options.js';
import { settlePendingApprovals } from './resume-approvals.js';
import { addTaint, mergeScopes, setScope } from './run-authority.js';
import { createRunContext, type RunContext } from './run-context.js';
import { finish, pushUser, runLoop } from './run-loop.js';
import type { RunResult } from './run-result.js';
import { loadForResume, openSession, type OpenedSession } from './session-open.js';
import { delegateTool } from './subagents.js';

export interface RunInit {
  task?: string;
  /** The caller's scope for this run (merged with what the session stored). */
  scope?: RunScope;
  /** Untrusted content in the context from the start. */
  taint?: readonly TaintSource[];
  /** Set for `resume`: the session to continue, which must exist. */
  resumeId?: string;
  approvals?: Record<string, ApprovalAnswer>;
  label?: string;
}

/** Sets a run up (session, history, settled approvals, the task) and hands it to the loop. */
export async function startRun(options: ResolvedOptions, init: RunInit, signal: AbortSignal, sink: EventSink): Promise<RunResult> {
  const run = createRunContext(options, newId('run'), signal, sink, (r) => (options.subagents.length > 0 ? [delegateTool(r, options.subagents)] : []));
  const opened: OpenedSession = init.resumeId !== undefined ? await loadForResume(run, init.resumeId) : await openSession(run);
  run.emit({
    type: 'run_start',
    task: init.task ?? '',
    provider: options.provider.id,
    model: options.provider.model,
    ...(run.session ? { sessionId: run.session.sessionId } : {}),
  });
  for (const w of opened.warnings) run.warn(w.code, w.message);
  applyAuthority(run, init, opened);
  if (init.label !== undefined) run.state.label = init.label;

  if (opened.history) {
    run.state.messages = opened.history.messages;
    await repairInterrupted(run, opened.history.interruptedCallIds);
    const still = await settlePendingApprovals(run, opened.history.pendingApprovals, init.approvals, init.resumeId === undefined);
    if (still.length > 0) {
      for (const request of still) run.emit({ type: 'approval_pending', request });
      return finish(run, 'approval', { pendingApprovals: still });
    }
  }
  if (init.task !== undefined) pushUser(run, init.task);
  const last = run.state.messages.at(-1);
  if (!last || (last.role !== 'user' && last.role !== 'tool')) {
    // Nothing is waiting for the model (a resume of a finished conversation).
    return finish(run, 'done', { output: last ? textOf(last) : '' });
  }
  return runLoop(run);
}

/**
 * The run's scope and taint before the model is called: the stored ones first (a resumed or
 * continued session keeps what its earlier runs were authorized for and what they read), then
 * the caller's. Only a scope that changes is stored again.
 */
function applyAuthority(run: RunContext, init: RunInit, opened: OpenedSession): void {
  const stored = opened.authority;
  if (stored) for (const taint of stored.taint) restoreTaint(run, taint);
  const scope = init.scope && stored?.scope ? mergeScopes(stored.scope, init.scope) : (init.scope ?? stored?.scope);
  if (scope) {
    if (scope === stored?.scope) {
      run.state.scope = scope;
      run.emit({ type: 'scope', scope });
    } else setScope(run, scope);
  }
  for (const taint of init.taint ?? []) addTaint(run, taint);
}

/** A stored taint: announced again (this run starts tainted) but not stored twice. */
function restoreTaint(run: RunContext, taint: TaintSource): void {
  run.state.tainted = true;
  run.state.taintSources.push(taint);
  run.emit({ type: 'taint', source: taint.source, reason: taint.reason });
}

/** Calls a crashed run left without a result got an "interrupted" result from the history; store it. */
async function repairInterrupted(run: RunContext, callIds: readonly string[]): Promise<void> {
  if (callIds.length === 0) return;
  const ids = new Set(callIds);
  for (const message of run.state.messages) {
    if (message.role !== 'tool') continue;
    for (const part of message.parts) {
      if (ids.has(part.callId) && run.session) await run.session.toolResult(part);
    }
  }
  run.warn('core.interrupted_calls', `${callIds.length} tool call(s) had no result (the process stopped while they ran): ${INTERRUPTED_RESULT_TEXT}`);
}

import { chargeModelCall } from './usage-accounting.js';
import { errorCodeOf, textOf, type JsonObject, type ApprovalAnswer, type Handoff, type HandoffReceipt, type ImagePart, type RunScope, type TaintSource, type TextPart } from '@warden/protocol';
import { INTERRUPTED_RESULT_TEXT } from '@warden/protocol/history';
import type { EventSink } from './event-stream.js';
import { newId } from './ids.js';
import { recordReceivedHandoff } from './handoff-records.js';
import { agentTools, switchTo } from './handoff-switch.js';
import { startFailure } from './handoff-tool.js';
import type { AgentBuilder, ResolvedOptions } from './resolve-options.js';
import { settlePendingApprovals } from './resume-approvals.js';
import { addTaint, mergeScopes, setScope, taintNote } from './run-authority.js';
import { createRunContext, type RunContext } from './run-context.js';
import { finish, pushUser, runLoop } from './run-loop.js';
import type { PriorModelCall, RunResult } from './run-result.js';
import { loadForResume, openSession, type OpenedSession } from './session-open.js';

export interface RunInit {
  task?: string;
  /** Parts sent with the task in its user message (`RunOptions.attachments`). */
  attachments?: readonly (TextPart | ImagePart)[];
  /** The caller's scope for this run (merged with what the session stored). */
  scope?: RunScope;
  /** Untrusted content in the context from the start. */
  taint?: readonly TaintSource[];
  /** Set for `resume`: the session to continue, which must exist. */
  resumeId?: string;
  approvals?: Record<string, ApprovalAnswer>;
  label?: string;
  agentVersion?: string;
  priorCalls?: readonly PriorModelCall[];
  received?: { handoff: Handoff; receipt: HandoffReceipt };
  /** `RunOptions.stopSignal`: drains the run at the next step boundary. */
  stopSignal?: AbortSignal;
}

/** Sets a run up (session, history, settled approvals, the task) and hands it to the loop. */
export async function startRun(options: ResolvedOptions, init: RunInit, signal: AbortSignal, sink: EventSink, build: AgentBuilder): Promise<RunResult> {
  const run = createRunContext(options, newId('run'), signal, sink, (r) => agentTools(r, options.name, build));
  if (init.stopSignal) run.stopSignal = init.stopSignal;
  // A spawned agent counts against the ceiling of the run that spawned it.
  if (options.runtime?.shared) run.state.spawned = options.runtime.shared;
  const opened: OpenedSession = init.resumeId !== undefined ? await loadForResume(run, init.resumeId) : await openSession(run);
  // The run holds its session for its life (JSONL: one lock, one open file), so an append is a write and a sync.
  const release = run.session ? await run.session.hold() : undefined;
  try {
    return await proceed(run, options, init, opened, build);
  } finally {
    if (release) {
      await run.session?.flush();
      await release().catch(() => undefined);
    }
  }
}

async function proceed(run: RunContext, options: ResolvedOptions, init: RunInit, opened: OpenedSession, build: AgentBuilder): Promise<RunResult> {
  // Sticky handoffs: the agent that holds the stored conversation answers this turn too.
  const warnings = [...opened.warnings];
  const held = opened.holder;
  if (held) run.state.lastHandoff = { handoff: held.handoff, receipt: held.receipt };
  // Nobody is left holding a conversation they cannot have: an agent gone from the configuration,
  // one acting for another user, or one that cannot start gives it back to the agent called.
  if (held && held.holder !== options.name) {
    const forOther = actsForAnother(held.handoff.metadata, options.context);
    if (!options.handoffs?.profiles.has(held.holder)) {
      warnings.push({ code: 'core.handoff_agent_missing', message: `the conversation was held by ${held.holder}, which this agent does not declare; ${options.name} answers instead` });
    } else if (forOther) {
      warnings.push({ code: 'core.handoff_other_user', message: `the conversation was handed to ${held.holder} for ${forOther}, not for this run's user; ${options.name} answers instead` });
    } else {
      const failed = await startFailure(options.handoffs.profiles.get(held.holder));
      if (failed !== undefined) {
        warnings.push({ code: 'core.handoff_agent_unavailable', message: `${held.holder} holds the conversation but could not start (${failed}); ${options.name} answers instead` });
      } else {
        try {
          const narrowed = switchTo(run, held.holder, build);
          if (narrowed !== undefined) warnings.push({ code: 'core.handoff_tools_narrowed', message: narrowed });
        } catch (error) {
          switchTo(run, options.name, build);
          warnings.push({ code: 'core.handoff_agent_unavailable', message: `${held.holder} holds the conversation but could not start (${errorCodeOf(error)}); ${options.name} answers instead` });
        }
      }
    }
  }
  run.emit({
    type: 'run_start',
    task: init.task ?? '',
    provider: run.options.provider.id,
    model: run.options.provider.model,
    ...(run.session ? { sessionId: run.session.sessionId } : {}),
    ...(options.handoffs || run.agent !== options.name ? { agent: run.agent } : {}),
    ...(init.agentVersion !== undefined ? { agentVersion: init.agentVersion } : {}),
  });
  for (const w of warnings) run.warn(w.code, w.message);
  applyAuthority(run, init, opened);
  if (init.label !== undefined) run.state.label = init.label;
  if (init.agentVersion !== undefined) run.state.agentVersion = init.agentVersion;
  for (const call of init.priorCalls ?? []) countPriorCall(run, call);
  if (init.received) recordReceivedHandoff(run, init.received.handoff, init.received.receipt);

  if (opened.history) {
    run.state.messages = opened.history.messages;
    await repairInterrupted(run, opened.history.interruptedCallIds);
    const still = await settlePendingApprovals(run, opened.history.pendingApprovals, init.approvals, init.resumeId === undefined);
    if (still.length > 0) {
      for (const request of still) run.emit({ type: 'approval_pending', request });
      return finish(run, 'approval', { pendingApprovals: still });
    }
  }
  if (init.task !== undefined) pushUser(run, init.task, init.attachments);
  const last = run.state.messages.at(-1);
  if (!last || (last.role !== 'user' && last.role !== 'tool')) {
    // Nothing is waiting for the model (a resume of a finished conversation).
    return finish(run, 'done', { output: last ? textOf(last) : '' });
  }
  return runLoop(run, build);
}

/**
 * The run's scope and taint before the model is called: the stored ones first (a resumed or
 * continued session keeps what its earlier runs were authorized for and what they read), then
 * the caller's. Only a scope that changes is stored again.
 */
function applyAuthority(run: RunContext, init: RunInit, opened: OpenedSession): void {
  const stored = opened.authority;
  if (stored) for (const taint of stored.taint) restoreTaint(run, taint);
  // Run notes (a todo list, a source ledger) come back as they were; they are not stored twice.
  if (stored) for (const [key, value] of stored.notes) run.state.notes.set(key, value);
  const scope = init.scope && stored?.scope ? mergeScopes(stored.scope, init.scope) : (init.scope ?? stored?.scope);
  if (scope) {
    if (scope === stored?.scope) {
      run.state.scope = scope;
      run.emit({ type: 'scope', scope });
    } else setScope(run, scope);
  }
  for (const taint of init.taint ?? []) addTaint(run, taint);
}

/** A call made for the run before it started: counted like a step's (usage, cost, spend, budget) and announced. */
function countPriorCall(run: RunContext, call: PriorModelCall): void {
  chargeModelCall(run, call.source, call);
}

/** A stored taint: announced again (this run starts tainted) but not stored twice. */
function restoreTaint(run: RunContext, taint: TaintSource): void {
  run.state.tainted = true;
  const note = taintNote(taint);
  run.state.taintSources.push(note);
  run.emit({ type: 'taint', ...note });
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

/**
 * The user a stored handoff was granted for, when it is not this run's (`tenant/user`); undefined
 * when they match or the handoff names nobody (older records).
 */
function actsForAnother(metadata: JsonObject, context: { userId?: string; tenantId?: string }): string | undefined {
  const userId = typeof metadata.userId === 'string' ? metadata.userId : undefined;
  const tenantId = typeof metadata.tenantId === 'string' ? metadata.tenantId : undefined;
  if (userId === undefined && tenantId === undefined) return undefined;
  if (userId === context.userId && tenantId === context.tenantId) return undefined;
  return [tenantId, userId].filter((p) => p !== undefined).join('/');
}

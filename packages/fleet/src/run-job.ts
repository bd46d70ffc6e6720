import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import { receiveHandoff, type Harness } from '@warden/harness';
import { historyFromRecords } from '@warden/protocol/history';
import { SessionError, toolCallsOf, type ApprovalAnswer, type LoadedSession, type Message, type RunEvent } from '@warden/protocol';
import { fleetError } from './coded-errors.js';
import { FLEET_RECEIVER, type FleetJobData } from './fleet-job.js';
import type { FleetProgress, FleetResult, InterruptedCall, ParkedApproval } from './fleet-result.js';

/** What to do with a non-read-only call that started and has no result: fail the job showing it, or park the job for a person. */
export type InterruptedPolicy = 'fail' | 'park';

export interface JobRun {
  jobId: string;
  data: FleetJobData;
  harness: Harness;
  worker: string;
  /** Who claims durable approvals (`host:pid:job`). */
  claimer: string;
  onInterrupted: InterruptedPolicy;
  signal: AbortSignal;
  /** Drains the run (the step in flight finishes, then it stops): a worker's SIGTERM. */
  stopSignal?: AbortSignal;
  progress(progress: FleetProgress): void;
}

type Plan =
  | { kind: 'fresh' }
  | { kind: 'resume'; approvals?: Record<string, ApprovalAnswer>; interrupted: InterruptedCall[] }
  | { kind: 'finish'; status: 'parked' | 'claimed'; pendingApprovals: ParkedApproval[]; interrupted: InterruptedCall[] };

function callsById(messages: readonly Message[]): Map<string, { name: string; args: InterruptedCall['args'] }> {
  const out = new Map<string, { name: string; args: InterruptedCall['args'] }>();
  for (const message of messages) for (const call of toolCallsOf(message)) out.set(call.id, { name: call.name, args: call.args });
  return out;
}

async function loadOwn(run: JobRun): Promise<LoadedSession | undefined> {
  try {
    return await run.harness.store.load(run.data.sessionId, run.data.owner);
  } catch (error) {
    if (SessionError.isInstance(error) && error.code === 'session.not_found') return undefined;
    throw error;
  }
}

/** Creates the job's session for its owner; an id taken by someone else fails the job without saying whose it is. */
async function createOwn(run: JobRun): Promise<void> {
  try {
    await run.harness.store.create({ id: run.data.sessionId, ...(run.data.owner ? { owner: run.data.owner } : {}), title: run.data.task.slice(0, 80) });
  } catch (error) {
    throw fleetError('fleet.invalid_job', `job ${run.jobId}: session ${JSON.stringify(run.data.sessionId)} cannot be created for this owner`, 'Use a session id of your own (or none: the default is fleet-<queue>-<job id>).', error);
  }
}

/**
 * Reads the durable session and decides how this attempt goes on: a fresh start, a resume (with
 * the answers of approvals a person gave, claimed exactly once), or no run at all (still waiting,
 * claimed elsewhere, or an interrupted call that is not read-only under the `park` policy).
 */
async function plan(run: JobRun): Promise<Plan> {
  let loaded = await loadOwn(run);
  if (!loaded) {
    await createOwn(run);
    loaded = await loadOwn(run);
    if (!loaded) throw fleetError('fleet.invalid_job', `job ${run.jobId}: session ${JSON.stringify(run.data.sessionId)} vanished after it was created`, 'Check the session store.');
  }
  // A marker per job says whether this job's task is already in the session: a job that continues
  // someone's session adds its task once, and an attempt after a crash resumes instead of adding it again.
  const job = run.data.resumeOf ?? run.jobId;
  const marker = loaded.records.findIndex((r) => r.type === 'meta' && r.key === SESSION_META_KEYS.fleetJob && r.value === job);
  if (marker < 0) {
    if (run.data.resumeOf) throw fleetError('fleet.invalid_job', `job ${run.jobId}: session ${run.data.sessionId} holds no run of job ${job} to resume`, 'Resume a job that has started.');
    const record = { type: 'meta' as const, id: `fleet-job:${job}`, at: new Date().toISOString(), key: SESSION_META_KEYS.fleetJob, value: job };
    await run.harness.store.append(run.data.sessionId, [record], { expectedVersion: loaded.version, opId: `fleet-job:${run.data.sessionId}:${job}`, ...(run.data.owner ? { owner: run.data.owner } : {}) });
    return { kind: 'fresh' };
  }
  if (!loaded.records.slice(marker).some((r) => r.type === 'message' && r.message.role === 'user')) return { kind: 'fresh' };
  const history = historyFromRecords(loaded.records);
  const calls = callsById(history.messages);
  // Stores hand back a started call with no result with a synthesized "interrupted" result (never written back).
  const synthesized = loaded.records.flatMap((r) => (r.type === 'tool_result' && r.id === `interrupted:${r.result.callId}` ? [r] : []));
  const ids = [...new Set([...history.interruptedCallIds, ...synthesized.map((r) => r.result.callId)])];
  const interrupted: InterruptedCall[] = ids.map((callId) => {
    const call = calls.get(callId);
    const tool = run.harness.tools.find((t) => t.name === call?.name);
    return { callId, tool: call?.name ?? 'unknown', args: call?.args ?? {}, readOnly: tool?.annotations?.readOnly === true };
  });
  const blocking = interrupted.filter((c) => !c.readOnly);
  if (blocking.length > 0 && run.data.acceptInterrupted !== true) {
    if (run.onInterrupted === 'park') return { kind: 'finish', status: 'parked', pendingApprovals: [], interrupted };
    const shown = blocking.map((c) => `${c.tool}(${JSON.stringify(c.args).slice(0, 200)}) [call ${c.callId}]`).join(', ');
    throw fleetError(
      'fleet.interrupted_tool',
      `job ${run.jobId}: session ${run.data.sessionId} holds ${blocking.length} call(s) that started and have no result: ${shown}; they are not re-run`,
      `Check what the call did, then \`warden fleet retry ${run.jobId} --accept-interrupted\` to let the model go on with an "interrupted" result.`,
    );
  }
  if (synthesized.length > 0) {
    // Accepted (or read-only): store the "interrupted" results for real, so later attempts do not meet these calls again.
    const at = new Date().toISOString();
    const records = synthesized.map((r) => ({ ...r, id: `fleet-interrupted:${r.result.callId}`, at }));
    await run.harness.store.append(run.data.sessionId, records, { expectedVersion: loaded.version, opId: `fleet-interrupted:${run.data.sessionId}:${loaded.version}`, ...(run.data.owner ? { owner: run.data.owner } : {}) });
  }
  if (history.pendingApprovals.length === 0) return { kind: 'resume', interrupted };
  const durable = run.harness.approvals;
  const parked = history.pendingApprovals.map((r) => ({ id: r.id, tool: r.call.name, args: r.call.args }));
  if (!durable) return { kind: 'finish', status: 'parked', pendingApprovals: parked, interrupted };
  const answers: Record<string, ApprovalAnswer> = {};
  let waiting = false;
  for (const request of history.pendingApprovals) {
    const resolved = await durable.resolve(request.id, { claimer: run.claimer, ...(run.data.owner ? { owner: run.data.owner } : {}) });
    if (resolved.status === 'claimed') return { kind: 'finish', status: 'claimed', pendingApprovals: parked, interrupted };
    if (resolved.status === 'pending') waiting = true;
    else answers[request.call.id] = resolved.answer;
  }
  // An answer claimed here is used by this attempt; one still pending keeps the whole job parked
  // (the claimed answers stay in the session once the resume below has written them).
  if (waiting && Object.keys(answers).length === 0) return { kind: 'finish', status: 'parked', pendingApprovals: parked, interrupted };
  return { kind: 'resume', approvals: answers, interrupted };
}

function progressOf(event: RunEvent, worker: string): FleetProgress | undefined {
  if (event.type === 'step_start') return { event: 'step', worker, step: event.step };
  if (event.type === 'tool_result') return { event: 'tool', worker, step: event.step, tool: event.name, status: event.status };
  if (event.type === 'approval_pending') return { event: 'approval', worker, tool: event.request.call.name };
  return undefined;
}

/** Runs one attempt of a job through its harness and sums it up. */
export async function runJob(run: JobRun): Promise<FleetResult> {
  const decided = await plan(run);
  const base = { jobId: run.jobId, sessionId: run.data.sessionId, worker: run.worker, resumed: decided.kind !== 'fresh' };
  // (`resumed`: this attempt continued this job's own earlier progress.)
  if (decided.kind === 'finish') {
    return { ...base, status: decided.status, output: '', costUsd: 0, steps: 0, pendingApprovals: decided.pendingApprovals, interrupted: decided.interrupted };
  }
  run.progress({ event: 'started', worker: run.worker, resumed: decided.kind === 'resume' });
  const onEvent = (event: RunEvent): void => {
    const progress = progressOf(event, run.worker);
    if (progress) run.progress(progress);
  };
  const trust = run.data.trust ?? 'user';
  const trace = run.data.traceContext ? { traceContext: run.data.traceContext } : {};
  // A handoff is checked again here (the queue's copy is not trusted) and answered with a receipt.
  const received = decided.kind === 'fresh' && run.data.handoff !== undefined ? receiveHandoff(run.data.handoff, { by: FLEET_RECEIVER }) : undefined;
  if (received?.status === 'rejected') {
    await run.harness.recordRejectedHandoff(run.data.sessionId, received, run.data.owner);
    return { ...base, status: 'rejected', output: `handoff rejected: ${received.receipt.reason ?? ''}`, costUsd: 0, steps: 0, pendingApprovals: [], interrupted: [], handoffReceipt: received.receipt };
  }
  const accepted = received ? { received: { handoff: received.handoff, receipt: received.receipt } } : {};
  const result =
    decided.kind === 'fresh'
      ? await run.harness.run(run.data.task, { signal: run.signal, ...(run.stopSignal ? { stopSignal: run.stopSignal } : {}), onEvent, trust, ...trace, ...accepted })
      : await run.harness.resume(run.data.sessionId, { signal: run.signal, ...(run.stopSignal ? { stopSignal: run.stopSignal } : {}), onEvent, trust, ...trace, ...(decided.approvals ? { approvals: decided.approvals } : {}) });
  if (result.stopReason === 'error') {
    throw fleetError('fleet.run_failed', `job ${run.jobId}: the run failed: ${result.error?.code ?? 'error'}: ${result.error?.message ?? ''}`, 'See the session for what happened; the job can be retried.');
  }
  const pending = (result.pendingApprovals ?? []).map((r) => ({ id: r.id, tool: r.call.name, args: r.call.args }));
  return {
    ...base,
    status: result.stopReason === 'approval' ? 'parked' : 'done',
    stopReason: result.stopReason,
    output: result.output,
    usage: result.usage,
    costUsd: result.costUsd,
    steps: result.steps,
    pendingApprovals: pending,
    interrupted: decided.kind === 'resume' ? decided.interrupted : [],
    ...(received ? { handoffReceipt: received.receipt } : {}),
  };
}

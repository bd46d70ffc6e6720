import { resume, status, type QueueConnection } from '@warden/fleet';
import type { ApprovalStoreV1, StoredApproval } from '@warden/protocol';

export type ApprovalOutcome = 'approved' | 'denied';

export interface AnsweredApproval {
  approval: StoredApproval;
  /** The fleet job queued to resume the run, when a parked fleet job held its session. */
  resumer?: string;
}

/** The pending queue, oldest first (the store's order). */
export function pendingApprovals(store: ApprovalStoreV1, limit = 200): Promise<StoredApproval[]> {
  return store.list({ status: 'pending', limit });
}

/**
 * Records a person's answer in the durable store (bound to the request's digest, so a resume
 * refuses it for any other call), then, when the run was a fleet job parked on this session,
 * queues its resumer: a worker takes it, claims the answer once and goes on.
 */
export async function answerApproval(store: ApprovalStoreV1, fleet: QueueConnection | undefined, id: string, answer: { outcome: ApprovalOutcome; by: string; note?: string }): Promise<AnsweredApproval> {
  const stored = await store.get(id);
  const request = stored?.request;
  const approval = await store.answer(id, {
    outcome: answer.outcome,
    by: answer.by,
    at: new Date().toISOString(),
    ...(answer.note ? { note: answer.note } : {}),
    ...(request?.digest ? { digest: request.digest } : {}),
  });
  if (!fleet || !request?.sessionId) return { approval };
  const jobs = await status(undefined, { ...fleet, limit: 500 });
  const parked = jobs.find((job) => job.state === 'parked' && job.sessionId === request.sessionId);
  if (!parked) return { approval };
  return { approval, resumer: await resume(parked.id, fleet) };
}

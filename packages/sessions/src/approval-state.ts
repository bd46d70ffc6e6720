import { protocolError } from './coded-errors.js';
import { type ApprovalAnswer, type ApprovalRequest, type ApprovalStatus, type Owner, type StoredApproval } from '@warden/protocol';
import { ApprovalRequest as ApprovalRequestSchema } from '@warden/protocol/schemas';
import { cleanOwner } from './owner.js';

/** The owner an approval is scoped to: whom it was requested for. */
export const approvalOwner = (request: ApprovalRequest): Owner => cleanOwner(request.requestedFor);

/** A pending request past its `expiresAt` reads as `expired` and can no longer be answered. */
export function effectiveStatus(item: StoredApproval, now = Date.now()): ApprovalStatus {
  if (item.status === 'pending' && item.request.expiresAt !== undefined && Date.parse(item.request.expiresAt) <= now) return 'expired';
  return item.status;
}

export function withEffectiveStatus(item: StoredApproval, now = Date.now()): StoredApproval {
  return { ...item, status: effectiveStatus(item, now) };
}

/** The status an answer moves a pending request to (`pending` answers leave it pending). */
export function statusForAnswer(answer: ApprovalAnswer): ApprovalStatus {
  return answer.outcome === 'approved' ? 'approved' : answer.outcome === 'denied' ? 'denied' : 'pending';
}

/** The first answer wins: only a request still pending (and not expired) takes one. */
export function applyAnswer(item: StoredApproval, answer: ApprovalAnswer, now = Date.now()): StoredApproval {
  if (effectiveStatus(item, now) !== 'pending') return withEffectiveStatus(item, now);
  return { ...item, status: statusForAnswer(answer), answer: structuredClone(answer) };
}

/** Only a decided, unclaimed request can be claimed, and only once. */
export function claimable(item: StoredApproval): boolean {
  return (item.status === 'approved' || item.status === 'denied') && item.claimedBy === undefined;
}

/** Approval ids name files and keys: the same rule as session ids. */
export function assertApprovalId(id: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/.test(id) || id.includes('..')) {
    throw protocolError({
      code: 'protocol.invalid_value',
      message: 'approval ids use letters, digits, ".", "_", ":" and "-" only',
      hint: 'Give the approval request a plain id.',
    });
  }
}

/** Validates a request at the boundary. */
export function validateApprovalRequest(input: unknown): ApprovalRequest {
  const parsed = ApprovalRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw protocolError({
      code: 'protocol.invalid_value',
      message: `not a valid ApprovalRequest (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'})`,
      hint: 'Build requests with the ApprovalRequest schema of @warden/protocol.',
    });
  }
  assertApprovalId(parsed.data.id);
  return parsed.data;
}

/** An approval as the SQL stores keep it. */
export interface ApprovalRow {
  request: string;
  status: ApprovalStatus;
  answer: string | null;
  claimed_by: string | null;
}

/** Rebuilds a stored approval from its SQL row. */
export const approvalFromRow = (row: ApprovalRow): StoredApproval => ({
  request: JSON.parse(row.request) as StoredApproval['request'],
  status: row.status,
  ...(row.answer !== null ? { answer: JSON.parse(row.answer) as ApprovalAnswer } : {}),
  ...(row.claimed_by !== null ? { claimedBy: row.claimed_by } : {}),
});

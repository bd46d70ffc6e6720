import { HANDOFF_LIMITS, HANDOFF_VERSION } from './handoff-limits.js';
import type { Handoff, HandoffReceipt } from './handoff.js';

/**
 * A receipt for a handoff (Argentum's `generate_receipt`): `accepted`, or `rejected` with a reason
 * (cut to `HANDOFF_LIMITS.reasonChars`). `by` defaults to the receiving agent.
 */
export function handoffReceipt(handoff: Pick<Handoff, 'id' | 'to'>, status: HandoffReceipt['status'], options: { reason?: string; by?: string; at?: string } = {}): HandoffReceipt {
  const reason = options.reason ?? (status === 'rejected' ? 'rejected without a reason' : undefined);
  return {
    version: HANDOFF_VERSION,
    handoffId: handoff.id,
    status,
    by: options.by ?? handoff.to,
    ...(reason !== undefined && reason !== '' ? { reason: reason.slice(0, HANDOFF_LIMITS.reasonChars) } : {}),
    at: options.at ?? new Date().toISOString(),
  };
}

import { z } from 'zod';
import { JsonObject } from './json.js';
import { Decision } from './decision.js';
import type { INTERFACE_VERSIONS } from './version.js';

export const Owner = z.object({ userId: z.string().optional(), tenantId: z.string().optional() });
export type Owner = z.infer<typeof Owner>;

/** A call waiting for a person. `digest` binds the answer to the exact tool name and arguments. */
export const ApprovalRequest = z.object({
  id: z.string().min(1),
  runId: z.string(),
  sessionId: z.string().optional(),
  step: z.number().int().nonnegative(),
  call: z.object({ id: z.string(), name: z.string(), args: JsonObject }),
  decision: Decision,
  requestedFor: Owner.optional(),
  createdAt: z.string(),
  expiresAt: z.string().optional(),
  digest: z.string().optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

export const ApprovalAnswer = z.object({
  outcome: z.enum(['approved', 'denied', 'pending']),
  by: z.string().optional(),
  note: z.string().optional(),
  at: z.string().optional(),
  /** True when no person decided (e.g. `--yes`); taint rules do not count it as a person. */
  automatic: z.boolean().optional(),
  signature: z.string().optional(),
  /**
   * The `approvalDigest` of the call this answer was given for. A resume refuses an answer whose
   * digest differs from the stored request's (`policy.approval_invalid`).
   */
  digest: z.string().optional(),
});
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>;

export interface ApproverV1 {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['approver'];
  /** `person` asks a human; `automatic` answers by itself; `durable` parks the request for later. */
  readonly kind: 'person' | 'automatic' | 'durable';
  /** Must not throw for a "no": an error or timeout while asking counts as denied. */
  approve(request: ApprovalRequest, options: { signal: AbortSignal }): Promise<ApprovalAnswer>;
}

/** Short name for `ApproverV1`, following the newest version; code that must not move across majors names `ApproverV1`. */
export type Approver = ApproverV1;

export const ApprovalStatus = z.enum(['pending', 'approved', 'denied', 'expired']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const StoredApproval = z.object({
  request: ApprovalRequest,
  status: ApprovalStatus,
  answer: ApprovalAnswer.optional(),
  claimedBy: z.string().optional(),
});
export type StoredApproval = z.infer<typeof StoredApproval>;

/** Durable approvals. `claim` succeeds for exactly one taker, so a resume executes once. */
export interface ApprovalStoreV1 {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['approvalStore'];
  /** Stores a new pending request; an id that already exists is left as it is. */
  put(request: ApprovalRequest): Promise<void>;
  get(id: string, owner?: Owner): Promise<StoredApproval | undefined>;
  /** Oldest first. */
  list(query: { status?: ApprovalStatus; owner?: Owner; limit?: number }): Promise<StoredApproval[]>;
  answer(id: string, answer: ApprovalAnswer, owner?: Owner): Promise<StoredApproval>;
  claim(id: string, claimer: string): Promise<boolean>;
}

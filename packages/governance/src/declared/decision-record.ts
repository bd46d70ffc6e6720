import type { JsonObject } from '@warden/protocol';
import type { QuorumOutcome } from '../approvals/quorum-approver.js';
import type { AuditLog } from '../audit/audit-log.js';

/** One governance decision as the trail keeps it: what, under which policy version, enforced or only monitored. */
export interface GovernanceDecisionRecord {
  subject: 'tool' | 'data' | 'model' | 'residency' | 'approval';
  effect: string;
  /** False under `mode: monitor`: recorded, not applied. */
  enforced: boolean;
  rules: string[];
  policyVersion: string;
  runId?: string;
  /** What the decision was about: a tool name, classes and counts, a region. Never a personal value. */
  detail: JsonObject;
}

export type DecisionSink = (record: GovernanceDecisionRecord) => void;

/** The kind of the audit entries governance decisions are written as. */
export const GOVERNANCE_DECISION_KIND = 'governance_decision';

/**
 * Writes decisions to an audit trail (entries of kind `governance_decision`), one after another:
 * a sink that appends concurrently (`jsonlAuditSink` with `sync: 'none'`) could otherwise land
 * lines out of chain order. A failed write surfaces on `flush`.
 */
export function auditDecisions(audit: AuditLog): DecisionSink & { flush(): Promise<void> } {
  let last: Promise<unknown> = Promise.resolve();
  let failure: unknown;
  const sink = (record: GovernanceDecisionRecord): void => {
    const { runId, ...data } = record;
    last = last.then(() => audit.record(GOVERNANCE_DECISION_KIND, data as unknown as JsonObject, runId)).catch((error: unknown) => {
      failure ??= error;
    });
  };
  return Object.assign(sink, {
    flush: async () => {
      await last;
      if (failure !== undefined) throw failure;
    },
  });
}

/** Records each quorum outcome (who approved, whose answers did not count) as an `approval` decision. */
export function approvalDecisions(sink: DecisionSink, policyVersion: string): (outcome: QuorumOutcome) => void {
  return (outcome) =>
    sink({
      subject: 'approval',
      effect: outcome.answer.outcome,
      enforced: true,
      rules: [outcome.request.decision.rule],
      policyVersion: typeof outcome.request.decision.params?.policyVersion === 'string' ? outcome.request.decision.params.policyVersion : policyVersion,
      runId: outcome.request.runId,
      detail: { tool: outcome.request.call.name, needed: outcome.needed, approvedBy: outcome.approvedBy, refused: outcome.refused, note: outcome.answer.note ?? null },
    });
}

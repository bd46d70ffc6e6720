import type { ApprovalAnswer, ApprovalRequest, ApproverV1 } from '@warden/protocol';
import { denied } from './answers.js';
import { askSafely } from './safe-approver.js';

/** One person who may approve, reached through their own approver (a prompt, a chat, a queue). */
export interface QuorumMember {
  /** Who this is; an answer counts for this person only. */
  id: string;
  approver: ApproverV1;
}

export interface QuorumOutcome {
  request: ApprovalRequest;
  needed: number;
  approvedBy: string[];
  /** Answers that did not count, and why (self-approval, automatic, from someone else's channel). */
  refused: Array<{ member: string; why: string }>;
  answer: ApprovalAnswer;
}

export interface QuorumApproverOptions {
  members: readonly QuorumMember[];
  /** Give up after this long when the decision names no timeout (`params.timeoutMs`). Default 24 h. */
  timeoutMs?: number;
  /** Told of every outcome (for the audit trail). */
  onOutcome?: (outcome: QuorumOutcome) => void;
}

/** How many distinct people the decision asks for (`params.approvers`, default 1). */
export function approversNeeded(request: ApprovalRequest): number {
  const n = request.decision.params?.approvers;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * Approval by a quorum of distinct people, failing closed: every member is asked at once; the
 * call is approved once `approvers` different people said yes. The person the run acts for
 * cannot approve their own request, an automatic yes never counts, and one "no", an error, the
 * timeout or too few members to reach the quorum is a denial.
 */
export function quorumApprover(options: QuorumApproverOptions): ApproverV1 {
  const fallbackTimeout = options.timeoutMs ?? 24 * 60 * 60 * 1000;
  return {
    specificationVersion: 'v1',
    kind: 'person',
    async approve(request, { signal }) {
      const needed = approversNeeded(request);
      const requester = request.requestedFor?.userId;
      const eligible = new Set(options.members.filter((m) => m.id !== requester).map((m) => m.id));
      const refused: QuorumOutcome['refused'] = [];
      const approvedBy: string[] = [];
      const finish = (answer: ApprovalAnswer): ApprovalAnswer => {
        options.onOutcome?.({ request, needed, approvedBy: [...approvedBy], refused: [...refused], answer });
        return answer;
      };
      if (eligible.size < needed) {
        return finish(denied(`${needed} distinct approvers are needed and only ${eligible.size} can approve (the requester cannot approve their own request)`));
      }
      const timeoutMs = typeof request.decision.params?.timeoutMs === 'number' ? request.decision.params.timeoutMs : fallbackTimeout;
      const round = new AbortController();
      const onAbort = (): void => round.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await new Promise<ApprovalAnswer>((resolve) => {
          let pending = options.members.length;
          let settled = false;
          const settle = (answer: ApprovalAnswer): void => {
            if (settled) return;
            settled = true;
            round.abort();
            resolve(finish(answer));
          };
          for (const member of options.members) {
            void askSafely(member.approver, request, round.signal, { timeoutMs }).then((answer) => {
              pending -= 1;
              if (settled) return;
              const by = answer.by ?? member.id;
              if (answer.outcome === 'approved') {
                if (by !== member.id) refused.push({ member: member.id, why: `answered as ${by}, not as themselves` });
                else if (by === requester) refused.push({ member: member.id, why: 'the requester cannot approve their own request' });
                else if (answer.automatic === true) refused.push({ member: member.id, why: 'an automatic approval does not count' });
                else if (!approvedBy.includes(by)) approvedBy.push(by);
              } else {
                settle(denied(`${member.id} did not approve: ${answer.note ?? answer.outcome}`));
                return;
              }
              if (approvedBy.length >= needed) {
                settle({ outcome: 'approved', by: approvedBy.join(', '), note: `approved by ${needed} distinct people`, at: new Date().toISOString() });
              } else if (pending === 0) {
                settle(denied(`only ${approvedBy.length} of the ${needed} distinct approvals needed`));
              }
            });
          }
        });
      } finally {
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

import type { ApproverV1 } from '@warden/protocol';
import { requiresPerson } from '@warden/protocol/policy';
import { denied } from './answers.js';
import { askSafely } from './safe-approver.js';

/**
 * Enforces taint's "needs a real person": for a decision that requires a
 * person (rule `taint.requires-person`), an `automatic` approver (`--yes`, a
 * function) is not asked and the call is denied; an answer marked
 * `automatic` is refused too. Other requests pass through unchanged.
 */
export function personRequiredApprover(inner: ApproverV1): ApproverV1 {
  return {
    specificationVersion: 'v1',
    kind: inner.kind,
    async approve(request, { signal }) {
      if (!requiresPerson(request.decision)) return askSafely(inner, request, signal);
      if (inner.kind === 'automatic') {
        return denied('a person must approve this call (the run read untrusted content); an automatic approval does not count', { automatic: true });
      }
      const answer = await askSafely(inner, request, signal);
      if (answer.outcome === 'approved' && answer.automatic === true) {
        return denied('a person must approve this call (the run read untrusted content); the answer was automatic', { automatic: true });
      }
      return answer;
    },
  };
}

import { errorCodeOf, type ApprovalAnswer, type ApprovalRequest, type ApproverV1, type Decision } from '@warden/protocol';
import { ABORTED, raceAbort } from './abort.js';

/**
 * Asks the approver about one call. Never turns a failure into a yes: an
 * approver that throws, answers garbage, or is cut off by an abort counts as
 * `denied`. Returns undefined when there is no approver (the caller denies).
 */
export async function askApprover(approver: ApproverV1 | undefined, request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer | undefined> {
  if (!approver) return undefined;
  if (request.decision.requiresPerson === true && approver.kind === 'automatic') return PERSON_REQUIRED;
  try {
    const answer = await raceAbort(Promise.resolve(approver.approve(request, { signal })), signal);
    if (answer === ABORTED) return { outcome: 'denied', note: 'the run was aborted while waiting for an approval', automatic: true };
    // Loaded on the first approval, not at import: the schemas pull in zod, which most runs never need.
    const { ApprovalAnswer: schema } = await import('@warden/protocol/schemas');
    const parsed = schema.safeParse(answer);
    if (!parsed.success) return { outcome: 'denied', note: 'the approver gave an answer that is not an ApprovalAnswer', automatic: true };
    return personCheck(request.decision, parsed.data);
  } catch (error) {
    return { outcome: 'denied', note: `the approver failed (${errorCodeOf(error)}), so the call is denied`, automatic: true };
  }
}

const PERSON_REQUIRED: ApprovalAnswer = {
  outcome: 'denied',
  note: 'only a person may approve this call, and the approval was automatic',
  automatic: true,
};

/**
 * Holds a `requiresPerson` decision to its word, whatever approver is plugged
 * in: an approval marked `automatic` (a `--yes`, a policy function, a resumed
 * answer nobody gave) becomes a denial. Other answers pass unchanged.
 */
export function personCheck(decision: Decision, answer: ApprovalAnswer): ApprovalAnswer {
  if (decision.requiresPerson === true && answer.outcome === 'approved' && answer.automatic === true) return PERSON_REQUIRED;
  return answer;
}

/**
 * A person can answer one prompt at a time: calls of parallel sub-agents (or
 * of concurrent runs of one agent) queue for a `person` approver instead of
 * prompting over each other. Other kinds are returned as they are.
 */
export function serializePersonApprover(approver: ApproverV1): ApproverV1 {
  if (approver.kind !== 'person') return approver;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    specificationVersion: approver.specificationVersion,
    kind: approver.kind,
    approve(request, options) {
      const next = chain.then(() => approver.approve(request, options));
      chain = next.catch(() => undefined);
      return next;
    },
  };
}

import { errorCodeOf, type ApprovalAnswer, type ApprovalRequest, type ApproverV1 } from '@warden/protocol';
import { ABORTED, raceAbort } from './abort.js';

/**
 * Asks the approver about one call. Never turns a failure into a yes: an
 * approver that throws, answers garbage, or is cut off by an abort counts as
 * `denied`. Returns undefined when there is no approver (the caller denies).
 */
export async function askApprover(approver: ApproverV1 | undefined, request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer | undefined> {
  if (!approver) return undefined;
  try {
    const answer = await raceAbort(Promise.resolve(approver.approve(request, { signal })), signal);
    if (answer === ABORTED) return { outcome: 'denied', note: 'the run was aborted while waiting for an approval', automatic: true };
    // Loaded on the first approval, not at import: the schemas pull in zod, which most runs never need.
    const { ApprovalAnswer: schema } = await import('@warden/protocol/schemas');
    const parsed = schema.safeParse(answer);
    if (!parsed.success) return { outcome: 'denied', note: 'the approver gave an answer that is not an ApprovalAnswer', automatic: true };
    return parsed.data;
  } catch (error) {
    return { outcome: 'denied', note: `the approver failed (${errorCodeOf(error)}), so the call is denied`, automatic: true };
  }
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

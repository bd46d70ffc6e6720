import { approvalDigest, canonicalJson } from '@warden/protocol/policy';
import type { ApprovalAnswer, ApprovalRequest } from '@warden/protocol';
import { hmacHex, safeEqualHex } from '../util/digest.js';

// One digest for core (which stamps it on requests) and governance (which checks it).
export { approvalDigest };

/** What an answer's signature covers: the request id, its digest, expiry and owner, and the answer itself. */
function signedText(request: ApprovalRequest, answer: ApprovalAnswer): string {
  return canonicalJson({
    id: request.id,
    digest: request.digest ?? null,
    expiresAt: request.expiresAt ?? null,
    requestedFor: request.requestedFor ?? null,
    outcome: answer.outcome,
    by: answer.by ?? null,
    at: answer.at ?? null,
    automatic: answer.automatic ?? false,
  });
}

/** HMAC-SHA-256 signature of an answer to a request. */
export function signApproval(key: string | Uint8Array, request: ApprovalRequest, answer: ApprovalAnswer): string {
  return `hmac-sha256:${hmacHex(key, signedText(request, answer))}`;
}

/**
 * Why a stored approval does not verify, or undefined when it does: the
 * arguments must still hash to the bound digest and, with a key, the
 * signature must match.
 */
export function approvalProblem(request: ApprovalRequest, answer: ApprovalAnswer | undefined, key?: string | Uint8Array): string | undefined {
  if (request.digest === undefined) return 'it carries no digest';
  let digest: string;
  try {
    digest = approvalDigest(request.call);
  } catch {
    return 'its arguments cannot be canonicalised';
  }
  if (!safeEqualHex(digest, request.digest)) return 'the tool name or arguments changed after the request was made';
  if (key !== undefined && answer !== undefined) {
    if (answer.signature === undefined) return 'the answer is not signed';
    if (!safeEqualHex(signApproval(key, request, answer), answer.signature)) return 'the signature does not verify';
  }
  return undefined;
}

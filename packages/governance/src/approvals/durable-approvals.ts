import { policyError } from '../util/coded-errors.js';
import { PolicyError, type ApprovalAnswer, type ApprovalRequest, type ApprovalStatus, type ApprovalStoreV1, type ApproverV1, type JsonObject, type Owner, type StoredApproval, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { approvalDigest, approvalProblem, signApproval } from './approval-binding.js';

/** Seven days. */
export const DEFAULT_APPROVAL_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface DurableApprovalsOptions {
  store: ApprovalStoreV1;
  /** HMAC key: answers are signed and verified with it. Without one, only the argument digest is checked. */
  key?: string | Uint8Array;
  /** How long a request waits before it counts as denied. Default 7 days. */
  ttlMs?: number;
  /** `false`: the person a run acts for cannot approve their own request. Default true. */
  selfApproval?: boolean;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

/** What `resolve` found: the verified call to run (approved), a denial, still pending, or already taken by another process. */
export type ResolvedApproval =
  | { status: 'approved' | 'denied'; request: ApprovalRequest; answer: ApprovalAnswer; call: { name: string; args: JsonObject } }
  | { status: 'pending'; request: ApprovalRequest }
  | { status: 'claimed'; request: ApprovalRequest };

export interface DurableApprovals {
  /** Parks every request in the store and answers `{ outcome: 'pending' }`. */
  readonly approver: ApproverV1;
  /** A person approves a pending request. */
  approve(id: string, answer: { by: string; note?: string; owner?: Owner }): Promise<StoredApproval>;
  /** A person denies a pending request. */
  deny(id: string, answer: { by: string; note?: string; owner?: Owner }): Promise<StoredApproval>;
  /**
   * For a resume: verifies the stored approval (digest, signature, expiry, the answer's digest) and
   * claims it exactly once. Tampering throws `policy.approval_invalid`. The answer returned carries
   * the verified `digest`: pass it to `agent.resume` so the session's copy is checked against it.
   */
  resolve(id: string, options: { claimer: string; owner?: Owner }): Promise<ResolvedApproval>;
  /** Pending requests (expired ones are answered as denied first). */
  pending(query?: { owner?: Owner; limit?: number }): Promise<StoredApproval[]>;
}

function invalid(id: string, problem: string): PolicyError {
  return policyError({
    code: 'policy.approval_invalid',
    message: `approval ${JSON.stringify(id)} does not verify: ${problem}`,
    hint: 'The stored approval was changed after it was made or signed with another key; ask for a new approval.',
  });
}

const DURABLE_APPROVALS_KEYS = { store: true, key: true, ttlMs: true, selfApproval: true, now: true } satisfies OptionKeys<DurableApprovalsOptions>;

/**
 * Durable approvals over an `ApprovalStoreV1`: a run that reaches an `ask`
 * with no one present parks the request (bound to a digest of the tool name
 * and arguments, with an expiry); later, in any process, `approve` or `deny`
 * answers it (HMAC-signed with a key), and `resolve` verifies and claims it
 * so the approved call runs exactly once with the stored arguments.
 */
export function durableApprovals(options: DurableApprovalsOptions): DurableApprovals {
  strictOptions('durableApprovals', DURABLE_APPROVALS_KEYS, options);
  const { store, key } = options;
  const ttl = options.ttlMs ?? DEFAULT_APPROVAL_TTL_MS;
  const now = options.now ?? (() => new Date());

  function expired(request: ApprovalRequest): boolean {
    return request.expiresAt !== undefined && Date.parse(request.expiresAt) <= now().getTime();
  }

  async function load(id: string, owner?: Owner): Promise<StoredApproval> {
    const stored = await store.get(id, owner);
    if (!stored) {
      throw policyError({ code: 'policy.approval_not_found', message: `no approval ${JSON.stringify(id)} was found`, hint: 'List pending approvals to find the id.' });
    }
    return stored;
  }

  async function expire(stored: StoredApproval, owner?: Owner): Promise<StoredApproval> {
    const answer: ApprovalAnswer = { outcome: 'denied', by: 'system', note: 'expired', at: now().toISOString(), automatic: true };
    return store.answer(stored.request.id, key === undefined ? answer : { ...answer, signature: signApproval(key, stored.request, answer) }, owner);
  }

  async function answer(id: string, outcome: 'approved' | 'denied', input: { by: string; note?: string; owner?: Owner }): Promise<StoredApproval> {
    if (typeof input.by !== 'string' || input.by.length === 0) {
      throw policyError({ code: 'policy.invalid', message: 'an approval answer needs `by`: who answered', hint: 'Pass { by: "<person>" }.' });
    }
    const stored = await load(id, input.owner);
    if (stored.status !== 'pending') {
      throw policyError({ code: 'policy.approval_closed', message: `approval ${JSON.stringify(id)} is already ${stored.status}`, hint: 'Only a pending request can be answered.' });
    }
    const problem = approvalProblem(stored.request, undefined);
    if (problem) throw invalid(id, problem);
    if (expired(stored.request)) {
      await expire(stored, input.owner);
      throw policyError({ code: 'policy.approval_expired', message: `approval ${JSON.stringify(id)} expired at ${stored.request.expiresAt ?? ''}`, hint: 'Run the task again to ask anew.' });
    }
    if (outcome === 'approved' && options.selfApproval === false && stored.request.requestedFor?.userId === input.by) {
      throw policyError({
        code: 'policy.self_approval',
        message: `${JSON.stringify(input.by)} cannot approve a request made on their own behalf`,
        hint: 'Another person must approve it (selfApproval is false).',
      });
    }
    const base: ApprovalAnswer = {
      outcome,
      by: input.by,
      at: now().toISOString(),
      ...(input.note !== undefined ? { note: input.note } : {}),
      // The answer names the call it was given for; a resume checks it against the session's copy.
      ...(stored.request.digest !== undefined ? { digest: stored.request.digest } : {}),
    };
    const signed = key === undefined ? base : { ...base, signature: signApproval(key, stored.request, base) };
    return store.answer(id, signed, input.owner);
  }

  const approver: ApproverV1 = {
    specificationVersion: 'v1',
    kind: 'durable',
    async approve(request) {
      const existing = await store.get(request.id);
      if (existing && existing.status !== 'pending') {
        // Asked again for an answered request: hand back the verified answer.
        // An approver must not throw for a "no": a stored approval that does not verify is a denial.
        const problem =
          approvalProblem(existing.request, existing.answer, key) ??
          (approvalDigest(request.call) !== existing.request.digest ? 'it was made for other arguments' : undefined);
        if (problem) return { outcome: 'denied', note: `policy.approval_invalid: ${problem}`, at: now().toISOString() };
        if (existing.status !== 'approved' || existing.answer?.outcome !== 'approved') return { outcome: 'denied', note: existing.answer?.note ?? existing.status, at: now().toISOString() };
        return existing.answer;
      }
      if (!existing) {
        const createdAt = now();
        await store.put({
          ...request,
          digest: approvalDigest(request.call),
          createdAt: request.createdAt || createdAt.toISOString(),
          expiresAt: new Date(createdAt.getTime() + ttl).toISOString(),
        });
      }
      return { outcome: 'pending' };
    },
  };

  return {
    approver,
    approve: (id, input) => answer(id, 'approved', input),
    deny: (id, input) => answer(id, 'denied', input),
    async resolve(id, { claimer, owner }) {
      let stored = await load(id, owner);
      const problem = approvalProblem(stored.request, stored.answer, key);
      if (problem) throw invalid(id, problem);
      if (stored.status === 'pending') {
        if (!expired(stored.request)) return { status: 'pending', request: stored.request };
        stored = await expire(stored, owner);
      }
      const status: ApprovalStatus = stored.status === 'expired' ? 'denied' : stored.status;
      const answer: ApprovalAnswer | undefined = stored.answer ?? (stored.status === 'expired' ? { outcome: 'denied', note: 'expired', automatic: true } : undefined);
      if (!answer || (status !== 'approved' && status !== 'denied')) throw invalid(id, `its status is ${status}`);
      if (answer.outcome !== status) throw invalid(id, `its status says ${status} but its answer says ${answer.outcome}`);
      if (answer.digest !== undefined && answer.digest !== stored.request.digest) throw invalid(id, 'its answer was given for another call');
      if (status === 'approved' && stored.request.expiresAt !== undefined && answer.at !== undefined && Date.parse(answer.at) > Date.parse(stored.request.expiresAt)) {
        throw invalid(id, 'it was approved after it expired');
      }
      const won = await store.claim(id, claimer);
      if (!won) return { status: 'claimed', request: stored.request };
      // The answer handed on carries the verified digest: a resume runs the call only if the
      // session's copy hashes to it (the call to run is this verified one, by digest).
      const verified: ApprovalAnswer = { ...answer, ...(stored.request.digest !== undefined ? { digest: stored.request.digest } : {}) };
      return { status, request: stored.request, answer: verified, call: { name: stored.request.call.name, args: stored.request.call.args } };
    },
    async pending(query = {}) {
      const items = await store.list({ status: 'pending', ...(query.owner ? { owner: query.owner } : {}) });
      const out: StoredApproval[] = [];
      for (const item of items) {
        if (expired(item.request)) await expire(item, query.owner);
        else out.push(item);
      }
      return query.limit === undefined ? out : out.slice(0, query.limit);
    },
  };
}

/** The durable approver alone (see `durableApprovals` for approve/deny/resolve). */
export function durableApprover(options: DurableApprovalsOptions): ApproverV1 {
  strictOptions('durableApprover', DURABLE_APPROVALS_KEYS, options);
  return durableApprovals(options).approver;
}

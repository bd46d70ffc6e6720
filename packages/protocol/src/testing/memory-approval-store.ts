import { sessionError } from '../errors/coded-errors.js';
import type { ApprovalAnswer, ApprovalRequest, ApprovalStoreV1, Owner, StoredApproval } from '../approval.js';
import { ownerMatches } from '../owner-matches.js';

/** An in-memory durable-approval store with an exactly-once `claim`. */
export function memoryApprovalStore(): ApprovalStoreV1 {
  const items = new Map<string, StoredApproval>();
  function get(id: string, owner?: Owner): StoredApproval {
    const item = items.get(id);
    if (!item || !ownerMatches(item.request.requestedFor ?? {}, owner)) {
      throw sessionError({ code: 'session.not_found', message: `approval ${JSON.stringify(id)} was not found` });
    }
    return item;
  }
  return {
    specificationVersion: 'v1',
    async put(request: ApprovalRequest) {
      // Putting an id that exists is a no-op: an answered approval never falls back to pending.
      if (!items.has(request.id)) items.set(request.id, { request: structuredClone(request), status: 'pending' });
    },
    async get(id, owner) {
      const item = items.get(id);
      if (!item || !ownerMatches(item.request.requestedFor ?? {}, owner)) return undefined;
      return structuredClone(item);
    },
    async list(query) {
      return [...items.values()]
        .filter((i) => (query.status ? i.status === query.status : true) && ownerMatches(i.request.requestedFor ?? {}, query.owner))
        .slice(0, query.limit ?? items.size)
        .map((i) => structuredClone(i));
    },
    async answer(id, answer: ApprovalAnswer, owner) {
      const item = get(id, owner);
      if (item.status === 'pending') {
        item.status = answer.outcome === 'approved' ? 'approved' : answer.outcome === 'denied' ? 'denied' : 'pending';
        item.answer = structuredClone(answer);
      }
      return structuredClone(item);
    },
    async claim(id, claimer) {
      const item = items.get(id);
      if (!item || item.status !== 'approved' && item.status !== 'denied') return false;
      if (item.claimedBy !== undefined) return false;
      item.claimedBy = claimer;
      return true;
    },
  };
}

import type { ApprovalStoreV1, Owner, StoredApproval } from '@warden/protocol';
import { ownerMatches } from '@warden/protocol/policy';
import { strictOptions } from '@warden/protocol/checks';
import { approvalOwner, applyAnswer, assertApprovalId, claimable, effectiveStatus, validateApprovalRequest, withEffectiveStatus } from './approval-state.js';
import { s3ObjectClient, S3_STORE_KEYS, type ObjectClient, type S3StoreOptions } from './s3-client.js';
import { asStoreError, notFoundError } from './session-errors.js';

export interface S3ApprovalStore extends ApprovalStoreV1 {
  close(): Promise<void>;
}

interface Stored {
  item: StoredApproval;
  createdAt: string;
}

const MAX_TRIES = 20;

/**
 * Durable approvals in S3: one object per request (`approvals/<id>.json`). `put` is `If-None-Match: *`
 * (the first request stands), answering and claiming are read–change–write with `If-Match` on the
 * ETag, so of two answers or two claimers exactly one wins.
 */
export function s3ApprovalStore(options: S3StoreOptions): S3ApprovalStore {
  strictOptions('s3ApprovalStore', S3_STORE_KEYS, options);
  const client: ObjectClient = s3ObjectClient(options);
  const root = options.prefix ?? 'warden/';
  const keyOf = (id: string) => `${root}approvals/${id}.json`;
  const read = async (id: string): Promise<{ stored: Stored; etag: string } | undefined> => {
    assertApprovalId(id);
    const got = await client.get(keyOf(id));
    return got ? { stored: JSON.parse(got.body) as Stored, etag: got.etag } : undefined;
  };

  return {
    specificationVersion: 'v1',
    put(input) {
      const request = validateApprovalRequest(input);
      return asStoreError('store an approval', async () => {
        const stored: Stored = { item: { request, status: 'pending' }, createdAt: new Date().toISOString() };
        await client.put(keyOf(request.id), JSON.stringify(stored), { ifNoneMatch: true });
      });
    },
    get(id, owner?: Owner) {
      return asStoreError('read an approval', async () => {
        const found = await read(id);
        return found && ownerMatches(approvalOwner(found.stored.item.request), owner) ? withEffectiveStatus(found.stored.item) : undefined;
      });
    },
    list(query) {
      return asStoreError('list approvals', async () => {
        const keys = await client.list(`${root}approvals/`);
        const all = (await Promise.all(keys.map((k) => client.get(k)))).filter((g) => g !== undefined).map((g) => JSON.parse(g.body) as Stored);
        const now = Date.now();
        return all
          .filter((s) => ownerMatches(approvalOwner(s.item.request), query.owner))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.item.request.id.localeCompare(b.item.request.id))
          .map((s) => s.item)
          .filter((item) => !query.status || effectiveStatus(item, now) === query.status)
          .slice(0, query.limit ?? all.length)
          .map((item) => withEffectiveStatus(item, now));
      });
    },
    answer(id, answer, owner?: Owner) {
      return asStoreError('answer an approval', async () => {
        for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
          const found = await read(id);
          if (!found || !ownerMatches(approvalOwner(found.stored.item.request), owner)) throw notFoundError(id, 'approval');
          const next = applyAnswer(found.stored.item, answer);
          if (next.answer === found.stored.item.answer) return next;
          const written = await client.put(keyOf(id), JSON.stringify({ ...found.stored, item: next }), { ifMatch: found.etag });
          if (written !== 'precondition') return next;
          // Someone wrote in between: read again; if theirs was an answer, it came first and stands.
        }
        return withEffectiveStatus((await read(id))!.stored.item);
      });
    },
    claim(id, claimer) {
      return asStoreError('claim an approval', async () => {
        for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
          const found = await read(id);
          if (!found || !claimable(found.stored.item)) return false;
          const written = await client.put(keyOf(id), JSON.stringify({ ...found.stored, item: { ...found.stored.item, claimedBy: claimer } }), { ifMatch: found.etag });
          if (written !== 'precondition') return true;
        }
        return false;
      });
    },
    close: () => client.close(),
  };
}

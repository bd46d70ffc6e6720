import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, ApprovalStoreV1, Owner } from '@warden/protocol';

type MakeStore = () => (ApprovalStoreV1 & { close?(): Promise<void> }) | Promise<ApprovalStoreV1 & { close?(): Promise<void> }>;

function request(owner: Owner, extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    id: `appr-${randomUUID()}`,
    runId: 'run-1',
    step: 1,
    call: { id: `call-${randomUUID()}`, name: 'shell', args: { command: 'make deploy' } },
    decision: { effect: 'ask', reason: 'deploys', rule: 'mode' },
    requestedFor: owner,
    createdAt: new Date().toISOString(),
    ...extra,
  };
}

/**
 * The contract of a durable approval store: ownership like sessions, the first answer stands, and
 * `claim` has exactly one winner (so a resumed run executes an approved call once).
 */
export function approvalStoreContract(makeStore: MakeStore, options: { name?: string } = {}): void {
  describe(`ApprovalStoreV1 contract${options.name ? `: ${options.name}` : ''}`, () => {
    const open: { close?(): Promise<void> }[] = [];
    const fresh = async () => {
      const store = await makeStore();
      open.push(store);
      return store;
    };
    const owner = (): Owner => ({ userId: `user-${randomUUID()}`, tenantId: `tenant-${randomUUID()}` });
    afterEach(async () => {
      for (const store of open.splice(0)) await store.close?.();
    });

    it('stores a request as pending and shows it to its owner only', async () => {
      const store = await fresh();
      const me = owner();
      const req = request(me);
      await store.put(req);
      expect(await store.get(req.id, me)).toEqual({ request: req, status: 'pending' });
      expect(await store.get(req.id, owner())).toBeUndefined();
      expect(await store.get(`missing-${randomUUID()}`)).toBeUndefined();
      expect((await store.list({ owner: me })).map((a) => a.request.id)).toEqual([req.id]);
      expect(await store.list({ owner: me, status: 'approved' })).toEqual([]);
    });

    it('keeps the first answer, and a second put never resets it', async () => {
      const store = await fresh();
      const me = owner();
      const req = request(me);
      await store.put(req);
      const answered = await store.answer(req.id, { outcome: 'approved', by: 'alice' }, me);
      expect(answered).toMatchObject({ status: 'approved', answer: { outcome: 'approved', by: 'alice' } });
      expect(await store.answer(req.id, { outcome: 'denied', by: 'mallory' }, me)).toMatchObject({ status: 'approved', answer: { by: 'alice' } });
      await store.put(req);
      expect(await store.get(req.id, me)).toMatchObject({ status: 'approved' });
      expect((await store.list({ owner: me, status: 'approved' })).map((a) => a.request.id)).toEqual([req.id]);
    });

    it("refuses to answer someone else's request as if it did not exist", async () => {
      const store = await fresh();
      const req = request(owner());
      await store.put(req);
      await expect(store.answer(req.id, { outcome: 'approved' }, owner())).rejects.toMatchObject({ code: 'session.not_found' });
      await expect(store.answer(`missing-${randomUUID()}`, { outcome: 'approved' })).rejects.toMatchObject({ code: 'session.not_found' });
      expect(await store.get(req.id)).toMatchObject({ status: 'pending' });
    });

    it('lets exactly one of many concurrent claimers win, and only after an answer', async () => {
      const store = await fresh();
      const me = owner();
      const req = request(me);
      await store.put(req);
      expect(await store.claim(req.id, 'early')).toBe(false);
      await store.answer(req.id, { outcome: 'approved' }, me);
      const wins = await Promise.all(Array.from({ length: 8 }, (_, k) => store.claim(req.id, `worker-${k}`)));
      expect(wins.filter(Boolean)).toHaveLength(1);
      const winner = `worker-${wins.indexOf(true)}`;
      expect(await store.get(req.id, me)).toMatchObject({ claimedBy: winner });
      expect(await store.claim(req.id, 'late')).toBe(false);
      expect(await store.claim(`missing-${randomUUID()}`, 'x')).toBe(false);
    });

    it('reads a pending request past its expiry as expired, and it can no longer be approved', async () => {
      const store = await fresh();
      const me = owner();
      const req = request(me, { expiresAt: new Date(Date.now() - 1000).toISOString() });
      await store.put(req);
      expect(await store.get(req.id, me)).toMatchObject({ status: 'expired' });
      expect(await store.answer(req.id, { outcome: 'approved' }, me)).toMatchObject({ status: 'expired' });
      expect(await store.claim(req.id, 'x')).toBe(false);
      expect((await store.list({ owner: me, status: 'expired' })).map((a) => a.request.id)).toEqual([req.id]);
    });
  });
}

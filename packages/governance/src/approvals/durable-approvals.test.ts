import type { ApprovalRequest, ApprovalStoreV1, StoredApproval } from '@warden/protocol';
import { memoryApprovalStore } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { approvalDigest } from './approval-binding.js';
import { durableApprovals, durableApprover } from './durable-approvals.js';

const signal = new AbortController().signal;
const T0 = new Date('2026-01-01T00:00:00.000Z');

function request(id = 'ap-1', args: ApprovalRequest['call']['args'] = { path: 'src/a.ts', content: 'x' }): ApprovalRequest {
  return {
    id,
    runId: 'run-1',
    step: 2,
    call: { id: 'call-1', name: 'write_file', args },
    decision: { effect: 'ask', rule: 'mode.safe', reason: 'safe mode' },
    requestedFor: { userId: 'alice', tenantId: 'acme' },
    createdAt: T0.toISOString(),
  };
}

/** A store whose stored rows can be edited behind the approver's back (what a person with database access could do). */
function tamperableStore(): ApprovalStoreV1 & { edit(id: string, fn: (s: StoredApproval) => void): void } {
  const inner = memoryApprovalStore();
  const edits = new Map<string, (s: StoredApproval) => void>();
  return {
    ...inner,
    async get(id, owner) {
      const item = await inner.get(id, owner);
      const edit = edits.get(id);
      if (item && edit) edit(item);
      return item;
    },
    edit: (id, fn) => edits.set(id, fn),
  };
}

describe('durable approvals', () => {
  it('parks a request as pending with a digest and a 7-day expiry', async () => {
    const store = memoryApprovalStore();
    const desk = durableApprovals({ store, now: () => T0 });
    expect(desk.approver.kind).toBe('durable');
    expect(await desk.approver.approve(request(), { signal })).toEqual({ outcome: 'pending' });
    const stored = await store.get('ap-1');
    expect(stored?.status).toBe('pending');
    expect(stored?.request.digest).toBe(approvalDigest({ name: 'write_file', args: { content: 'x', path: 'src/a.ts' } }));
    expect(stored?.request.expiresAt).toBe('2026-01-08T00:00:00.000Z');
    expect((await desk.pending()).map((p) => p.request.id)).toEqual(['ap-1']);
    expect(await desk.resolve('ap-1', { claimer: 'p1' })).toMatchObject({ status: 'pending' });
    expect(await durableApprover({ store }).approve(request(), { signal })).toEqual({ outcome: 'pending' });
  });

  it('approves in another "process" and resumes exactly once with the stored arguments', async () => {
    const store = memoryApprovalStore();
    const key = 'k'.repeat(32);
    await durableApprovals({ store, key }).approver.approve(request(), { signal });
    const later = durableApprovals({ store, key });
    const approved = await later.approve('ap-1', { by: 'bob', note: 'looks fine' });
    expect(approved.status).toBe('approved');
    expect(approved.answer?.signature).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    const a = durableApprovals({ store, key });
    const b = durableApprovals({ store, key });
    const results = await Promise.all([a.resolve('ap-1', { claimer: 'proc-a' }), b.resolve('ap-1', { claimer: 'proc-b' })]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual(['approved', 'claimed']);
    const winner = results.find((r) => r.status === 'approved');
    expect(winner && 'call' in winner ? winner.call : undefined).toEqual({ name: 'write_file', args: { path: 'src/a.ts', content: 'x' } });
    expect(await a.resolve('ap-1', { claimer: 'proc-c' })).toMatchObject({ status: 'claimed' });
  });

  it('a denial resolves as denied, once', async () => {
    const store = memoryApprovalStore();
    const desk = durableApprovals({ store });
    await desk.approver.approve(request(), { signal });
    await desk.deny('ap-1', { by: 'bob', note: 'no writes today' });
    expect(await desk.resolve('ap-1', { claimer: 'x' })).toMatchObject({ status: 'denied', answer: { outcome: 'denied', note: 'no writes today' } });
    await expect(desk.approve('ap-1', { by: 'carol' })).rejects.toMatchObject({ code: 'policy.approval_closed' });
  });

  it('expired requests count as denied', async () => {
    const store = memoryApprovalStore();
    let clock = T0;
    const desk = durableApprovals({ store, now: () => clock, ttlMs: 60_000 });
    await desk.approver.approve(request('old'), { signal });
    await desk.approver.approve(request('fresh'), { signal });
    clock = new Date(T0.getTime() + 120_000);
    await expect(desk.approve('old', { by: 'bob' })).rejects.toMatchObject({ code: 'policy.approval_expired' });
    expect((await store.get('old'))?.status).toBe('denied');
    expect(await desk.resolve('fresh', { claimer: 'x' })).toMatchObject({ status: 'denied', answer: { note: 'expired' } });
    expect(await desk.pending()).toEqual([]);
  });

  it('refuses self-approval when selfApproval is false', async () => {
    const store = memoryApprovalStore();
    const desk = durableApprovals({ store, selfApproval: false });
    await desk.approver.approve(request(), { signal });
    await expect(desk.approve('ap-1', { by: 'alice' })).rejects.toMatchObject({ code: 'policy.self_approval' });
    await expect(desk.approve('ap-1', { by: 'bob' })).resolves.toMatchObject({ status: 'approved' });
    const lenient = durableApprovals({ store: memoryApprovalStore() });
    await lenient.approver.approve(request(), { signal });
    await expect(lenient.approve('ap-1', { by: 'alice' })).resolves.toMatchObject({ status: 'approved' });
  });

  it('refuses approvals whose arguments changed after approval (fail closed)', async () => {
    const store = tamperableStore();
    const desk = durableApprovals({ store, key: 'secret-key-1234' });
    await desk.approver.approve(request(), { signal });
    await desk.approve('ap-1', { by: 'bob' });
    store.edit('ap-1', (s) => {
      s.request.call.args = { path: 'src/a.ts', content: 'rm -rf ~' };
    });
    await expect(desk.resolve('ap-1', { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    expect(await desk.approver.approve(request(), { signal })).toMatchObject({ outcome: 'denied' });
  });

  it('refuses a recomputed digest without a matching signature, a forged status and a wrong key', async () => {
    const store = tamperableStore();
    const key = 'secret-key-1234';
    const desk = durableApprovals({ store, key });
    await desk.approver.approve(request(), { signal });
    await desk.approve('ap-1', { by: 'bob' });
    store.edit('ap-1', (s) => {
      s.request.call.args = { path: 'src/evil.ts' };
      s.request.digest = approvalDigest(s.request.call);
    });
    await expect(desk.resolve('ap-1', { claimer: 'x' })).rejects.toThrow(/signature does not verify/);

    const store2 = tamperableStore();
    const desk2 = durableApprovals({ store: store2, key });
    await desk2.approver.approve(request(), { signal });
    await desk2.deny('ap-1', { by: 'bob' });
    store2.edit('ap-1', (s) => {
      s.status = 'approved';
    });
    await expect(desk2.resolve('ap-1', { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    store2.edit('ap-1', (s) => {
      s.status = 'approved';
      if (s.answer) s.answer.outcome = 'approved';
    });
    await expect(desk2.resolve('ap-1', { claimer: 'x' })).rejects.toThrow(/signature/);

    await expect(durableApprovals({ store: memoryApprovalStore(), key }).resolve('nope', { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_not_found' });
    const other = durableApprovals({ store: store2, key: 'another-key-5678' });
    store2.edit('ap-1', () => undefined);
    await expect(other.resolve('ap-1', { claimer: 'x' })).rejects.toThrow(/signature does not verify/);
  });

  it('requires a signature when a key is configured', async () => {
    const store = memoryApprovalStore();
    await durableApprovals({ store }).approver.approve(request(), { signal });
    await durableApprovals({ store }).approve('ap-1', { by: 'bob' });
    await expect(durableApprovals({ store, key: 'k-123456789' }).resolve('ap-1', { claimer: 'x' })).rejects.toThrow(/not signed/);
  });

  it('needs to know who answers', async () => {
    const store = memoryApprovalStore();
    const desk = durableApprovals({ store });
    await desk.approver.approve(request(), { signal });
    await expect(desk.approve('ap-1', { by: '' })).rejects.toMatchObject({ code: 'policy.invalid' });
  });
});

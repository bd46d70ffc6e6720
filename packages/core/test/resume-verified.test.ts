import { describe, expect, it } from 'vitest';
import { approvalDigest } from '@warden/protocol/policy';
import type { ApprovalAnswer, ApproverV1, SessionRecord } from '@warden/protocol';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

const durable: ApproverV1 = { specificationVersion: 'v1', kind: 'durable', approve: async () => ({ outcome: 'pending' }) };

/** Parks one `deploy { env: 'prod' }` call in session `s`; `ran` lists the args every execution got. */
async function park() {
  const store = memorySessionStore();
  const ran: string[] = [];
  const deploy = makeTool('deploy', (args) => {
    ran.push(String(args.env));
    return `deployed ${String(args.env)}`;
  }, { annotations: { mutating: true } });
  const first = scriptedProvider([{ toolCalls: [{ name: 'deploy', args: { env: 'prod' }, id: 'd1' }] }]);
  const parked = await createAgent({ provider: first, tools: [deploy], approver: durable, session: { store, id: 's' } }).run('ship');
  expect(parked.stopReason).toBe('approval');
  const digest = parked.pendingApproval!.digest!;
  expect(digest).toBe(approvalDigest({ name: 'deploy', args: { env: 'prod' } }));
  const agent = () => createAgent({ provider: scriptedProvider(['shipped']), tools: [deploy], session: { store } });
  return { store, ran, digest, agent };
}

/** A copy of session `s` as `id`, with `edit` applied to its approval record (what an edit of the stored row does). */
async function tamperedCopy(store: ReturnType<typeof memorySessionStore>, id: string, edit: (record: Extract<SessionRecord, { type: 'approval' }>) => void) {
  const loaded = await store.load('s');
  const records = structuredClone(loaded.records).filter((r) => r.type !== 'header');
  for (const record of records) if (record.type === 'approval') edit(record);
  const created = await store.create({ id });
  await store.append(id, records, { expectedVersion: created.version });
}

const approved = (extra: Partial<ApprovalAnswer> = {}): ApprovalAnswer => ({ outcome: 'approved', by: 'ops', ...extra });

describe('a resumed approval runs only the call every copy agrees on', () => {
  it('runs the stored call when the answer carries the same digest (ordinary work still goes through)', async () => {
    const { ran, digest, agent } = await park();
    const result = await agent().resume('s', { approvals: { d1: approved({ digest }) } });
    expect(result.stopReason).toBe('done');
    expect(ran).toEqual(['prod']);
  });

  it('runs it for an answer without a digest too (an answer given in-process)', async () => {
    const { ran, agent } = await park();
    await agent().resume('s', { approvals: { d1: approved() } });
    expect(ran).toEqual(['prod']);
  });

  it('refuses when the session copy has other arguments than its digest', async () => {
    const { store, ran, digest, agent } = await park();
    await tamperedCopy(store, 't1', (r) => void (r.request.call.args = { env: 'prod; rm -rf /' }));
    await expect(agent().resume('t1', { approvals: { d1: approved({ digest }) } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    await expect(agent().resume('t1', { approvals: { d1: approved() } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    expect(ran).toEqual([]);
  });

  it('refuses when the session copy was changed with a digest to match, against the answer\'s digest', async () => {
    const { store, ran, digest, agent } = await park();
    await tamperedCopy(store, 't2', (r) => {
      r.request.call.args = { env: 'staging' };
      r.request.digest = approvalDigest({ name: 'deploy', args: { env: 'staging' } });
    });
    await expect(agent().resume('t2', { approvals: { d1: approved({ digest }) } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    expect(ran).toEqual([]);
  });

  it('refuses another tool name under the same digest, and a session copy without a digest', async () => {
    const { store, ran, digest, agent } = await park();
    await tamperedCopy(store, 't3', (r) => void (r.request.call.name = 'deploy_all'));
    await expect(agent().resume('t3', { approvals: { d1: approved({ digest }) } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    await tamperedCopy(store, 't4', (r) => void delete r.request.digest);
    await expect(agent().resume('t4', { approvals: { d1: approved() } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    expect(ran).toEqual([]);
  });

  it('refuses an answer given for another call', async () => {
    const { ran, agent } = await park();
    const other = approvalDigest({ name: 'deploy', args: { env: 'staging' } });
    await expect(agent().resume('s', { approvals: { d1: approved({ digest: other }) } })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
    expect(ran).toEqual([]);
  });

  it('a denial of a tampered copy still settles the call without running it', async () => {
    const { store, ran, agent } = await park();
    await tamperedCopy(store, 't5', (r) => void (r.request.call.args = { env: 'other' }));
    const result = await agent().resume('t5', { approvals: { d1: { outcome: 'denied', by: 'ops' } } });
    expect(result.stopReason).toBe('done');
    expect(ran).toEqual([]);
  });
});

describe('a resumer that cannot record the approval does not act', () => {
  it('of four concurrent resumes of one parked approval, exactly one runs the call; the others get session.version_conflict', async () => {
    const { ran, digest, agent } = await park();
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => agent().resume('s', { approvals: { d1: approved({ digest }) } })));
    expect(ran).toEqual(['prod']);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(losers).toHaveLength(3);
    for (const loser of losers) expect(loser.reason).toMatchObject({ code: 'session.version_conflict' });
  });

  it('a resume after the call ran finds nothing pending and runs nothing again', async () => {
    const { ran, digest, agent } = await park();
    await agent().resume('s', { approvals: { d1: approved({ digest }) } });
    const again = await agent().resume('s', { approvals: { d1: approved({ digest }) } });
    expect(again.stopReason).toBe('done');
    expect(ran).toEqual(['prod']);
  });
});

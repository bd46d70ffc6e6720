import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalDigest } from '@warden/protocol/policy';
import type { ApprovalAnswer } from '@warden/protocol';
import { durableApprovals, type DurableApprovals } from '../../src/index.js';
import { executions, parkDeploy, resumeOnce } from './scenario.js';
import { dropStores, openStores, storeSpec, type OpenedStores, type StoreKind, type StoreSpec } from './stores.js';
import { tamper, type Tamper } from './tamper.js';

const root = mkdtempSync(join(tmpdir(), 'warden-tamper-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const STAGING = { env: 'staging' };
const stagingDigest = approvalDigest({ name: 'deploy', args: STAGING });

describe.each<StoreKind>(['sqlite', 'postgres'])('%s: a resume executes only the verified call', (kind) => {
  let spec: StoreSpec;
  let stores: OpenedStores;
  let edit: Tamper;
  let n = 0;
  beforeAll(() => {
    const dir = join(root, kind);
    mkdirSync(dir, { recursive: true });
    spec = storeSpec(kind, dir);
    stores = openStores(spec);
    edit = tamper(spec);
  });
  afterAll(async () => {
    await stores.close();
    await dropStores(spec);
  });

  /** Parks `deploy { env: 'prod' }`, approves it; returns what a resume needs and the side-effect file. */
  async function approvedDeploy(key?: string) {
    const durable: DurableApprovals = durableApprovals({ store: stores.approvals, ...(key !== undefined ? { key } : {}) });
    const file = join(spec.dir, `effects-${(n += 1)}.log`);
    const parked = await parkDeploy(stores.sessions, durable.approver, file);
    await durable.approve(parked.request.id, { by: 'ops' });
    return { durable, file, sessionId: parked.sessionId, id: parked.request.id, digest: parked.request.digest! };
  }

  async function resolveAnswer(durable: DurableApprovals, id: string): Promise<ApprovalAnswer> {
    const resolved = await durable.resolve(id, { claimer: `test-${n}` });
    if (resolved.status !== 'approved') throw new Error(`expected approved, got ${resolved.status}`);
    return resolved.answer;
  }

  it('untouched: the approved call runs once, with the approved arguments', async () => {
    const { durable, file, sessionId, id, digest } = await approvedDeploy();
    const answer = await resolveAnswer(durable, id);
    expect(answer.digest).toBe(digest);
    expect(await resumeOnce(stores.sessions, file, sessionId, answer)).toEqual({ ok: true, stopReason: 'done' });
    expect(executions(file)).toEqual(['prod']);
  });

  it('session copy: other arguments under the original digest are refused', async () => {
    const { durable, file, sessionId, id } = await approvedDeploy();
    await edit.sessionCopy(sessionId, (r) => void (r.request.call.args = STAGING));
    const answer = await resolveAnswer(durable, id);
    expect(await resumeOnce(stores.sessions, file, sessionId, answer)).toEqual({ ok: false, code: 'policy.approval_invalid' });
    expect(executions(file)).toEqual([]);
  });

  it('session copy: other arguments with a recomputed digest are refused (the answer names the approved call)', async () => {
    const { durable, file, sessionId, id } = await approvedDeploy();
    await edit.sessionCopy(sessionId, (r) => {
      r.request.call.args = STAGING;
      r.request.digest = stagingDigest;
    });
    const answer = await resolveAnswer(durable, id);
    expect(await resumeOnce(stores.sessions, file, sessionId, answer)).toEqual({ ok: false, code: 'policy.approval_invalid' });
    expect(executions(file)).toEqual([]);
  });

  it('approval store copy: other arguments under the original digest fail to resolve', async () => {
    const { durable, id } = await approvedDeploy();
    await edit.storeCopy(id, (row) => void (row.request.call.args = STAGING));
    await expect(durable.resolve(id, { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
  });

  it('approval store copy: other arguments with a recomputed digest resolve unsigned, but the resume refuses them', async () => {
    const { durable, file, sessionId, id } = await approvedDeploy();
    await edit.storeCopy(id, (row) => {
      row.request.call.args = STAGING;
      row.request.digest = stagingDigest;
      if (row.answer) row.answer.digest = stagingDigest;
    });
    const answer = await resolveAnswer(durable, id);
    expect(answer.digest).toBe(stagingDigest);
    expect(await resumeOnce(stores.sessions, file, sessionId, answer)).toEqual({ ok: false, code: 'policy.approval_invalid' });
    expect(executions(file)).toEqual([]);
  });

  it('approval store copy, signed: a recomputed digest fails the signature', async () => {
    const { durable, id } = await approvedDeploy('test-key');
    await edit.storeCopy(id, (row) => {
      row.request.call.args = STAGING;
      row.request.digest = stagingDigest;
    });
    await expect(durable.resolve(id, { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
  });

  it('stored answer: a digest for another call fails to resolve', async () => {
    const { durable, id } = await approvedDeploy();
    await edit.storeCopy(id, (row) => void (row.answer!.digest = stagingDigest));
    await expect(durable.resolve(id, { claimer: 'x' })).rejects.toMatchObject({ code: 'policy.approval_invalid' });
  });

  it('answer handed to the resume: a digest for another call is refused', async () => {
    const { durable, file, sessionId, id } = await approvedDeploy();
    const answer = await resolveAnswer(durable, id);
    expect(await resumeOnce(stores.sessions, file, sessionId, { ...answer, digest: stagingDigest })).toEqual({ ok: false, code: 'policy.approval_invalid' });
    expect(executions(file)).toEqual([]);
  });

  it('a denial resolves and settles the call without running it, whatever the copies say', async () => {
    const { durable, file, sessionId, id } = await (async () => {
      const d = durableApprovals({ store: stores.approvals });
      const f = join(spec.dir, `effects-${(n += 1)}.log`);
      const parked = await parkDeploy(stores.sessions, d.approver, f);
      await d.deny(parked.request.id, { by: 'ops' });
      return { durable: d, file: f, sessionId: parked.sessionId, id: parked.request.id };
    })();
    await edit.sessionCopy(sessionId, (r) => void (r.request.call.args = STAGING));
    const resolved = await durable.resolve(id, { claimer: 'x' });
    expect(resolved.status).toBe('denied');
    if (resolved.status !== 'denied') return;
    expect(await resumeOnce(stores.sessions, file, sessionId, resolved.answer)).toEqual({ ok: true, stopReason: 'done' });
    expect(executions(file)).toEqual([]);
  });
});

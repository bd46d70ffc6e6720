import type { ApprovalAnswer, ApprovalRequest, ApproverV1 } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { quorumApprover, type QuorumOutcome } from './quorum-approver.js';

function request(approvers: number, requestedFor = 'alice', timeoutMs?: number): ApprovalRequest {
  return {
    id: 'ap-1',
    runId: 'run-1',
    step: 1,
    call: { id: 'c1', name: 'refund', args: { amount: 900 } },
    decision: { effect: 'ask', reason: 'refunds over 500 need two people', rule: 'governance.refunds-need-two', requiresPerson: true, params: { approvers, ...(timeoutMs !== undefined ? { timeoutMs } : {}) } },
    requestedFor: { userId: requestedFor },
    createdAt: new Date().toISOString(),
  };
}

/** A person who answers `outcome` (as `by`, default themselves), or never when outcome is undefined. */
function person(id: string, outcome?: ApprovalAnswer['outcome'] | Error, extra: Partial<ApprovalAnswer> = {}): { id: string; approver: ApproverV1 } {
  return {
    id,
    approver: {
      specificationVersion: 'v1',
      kind: 'person',
      approve: (_req, { signal }) =>
        new Promise((resolve, reject) => {
          if (outcome instanceof Error) return reject(outcome);
          if (outcome === undefined) return signal.addEventListener('abort', () => reject(new Error('aborted')));
          setImmediate(() => resolve({ outcome, by: id, ...extra }));
        }),
    },
  };
}

async function ask(members: ReturnType<typeof person>[], req: ApprovalRequest): Promise<{ answer: ApprovalAnswer; outcome: QuorumOutcome }> {
  let outcome: QuorumOutcome | undefined;
  const answer = await quorumApprover({ members, onOutcome: (o) => (outcome = o) }).approve(req, { signal: new AbortController().signal });
  return { answer, outcome: outcome as QuorumOutcome };
}

describe('quorumApprover', () => {
  it('two distinct people approve: approved, naming both', async () => {
    const { answer, outcome } = await ask([person('bob', 'approved'), person('carol', 'approved')], request(2));
    expect(answer).toMatchObject({ outcome: 'approved', by: 'bob, carol' });
    expect(outcome.approvedBy).toEqual(['bob', 'carol']);
  });

  it('the requester approving their own request does not count', async () => {
    // Alice and Bob cannot make two: she is the requester.
    const { answer } = await ask([person('alice', 'approved'), person('bob', 'approved')], request(2));
    expect(answer).toMatchObject({ outcome: 'denied', note: expect.stringContaining('only 1 can approve') });
    // With Carol the quorum is reached without her, and her own yes is on record as refused.
    const third = await ask([person('alice', 'approved'), person('bob', 'approved'), person('carol', 'approved')], request(2));
    expect(third.answer).toMatchObject({ outcome: 'approved', by: 'bob, carol' });
    expect(third.outcome.refused).toEqual([{ member: 'alice', why: 'the requester cannot approve their own request' }]);
  });

  it('one person answering twice, or for someone else, is one approval', async () => {
    const { answer, outcome } = await ask([person('bob', 'approved'), person('mallory', 'approved', { by: 'bob' })], request(2));
    expect(answer.outcome).toBe('denied');
    expect(outcome.refused).toEqual([{ member: 'mallory', why: 'answered as bob, not as themselves' }]);
  });

  it('an automatic yes does not count', async () => {
    const { answer } = await ask([person('bob', 'approved'), person('bot', 'approved', { automatic: true })], request(2));
    expect(answer.outcome).toBe('denied');
  });

  it('one no, an error or the timeout denies', async () => {
    expect((await ask([person('bob', 'approved'), person('carol', 'denied')], request(2))).answer).toMatchObject({ outcome: 'denied', note: expect.stringContaining('carol did not approve') });
    expect((await ask([person('bob', 'approved'), person('carol', new Error('chat is down'))], request(2))).answer).toMatchObject({ outcome: 'denied', note: expect.stringContaining('carol did not approve') });
    expect((await ask([person('bob', 'approved'), person('carol')], request(2, 'alice', 20))).answer).toMatchObject({ outcome: 'denied', note: expect.stringContaining('no answer in time') });
  });

  it('too few possible approvers is an immediate no', async () => {
    const { answer } = await ask([person('alice', 'approved'), person('bob', 'approved')], request(3));
    expect(answer).toMatchObject({ outcome: 'denied', note: '3 distinct approvers are needed and only 1 can approve (the requester cannot approve their own request)' });
  });

  it('a single-approver decision needs one person who is not the requester', async () => {
    expect((await ask([person('bob', 'approved')], request(1))).answer.outcome).toBe('approved');
    expect((await ask([person('alice', 'approved')], request(1))).answer.outcome).toBe('denied');
  });
});

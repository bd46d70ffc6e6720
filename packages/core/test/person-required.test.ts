import { describe, expect, it } from 'vitest';
import { approvalDigest } from '@warden/protocol/policy';
import { textOf, type ApprovalAnswer, type ApprovalRequest, type ApproverV1, type Decision } from '@warden/protocol';
import { memorySessionStore, recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

// A gate that asks for every call and says only a person may approve it (as governance's taint rule does).
const personGate = recordingGate(() => ({ effect: 'ask', rule: 'taint.requires-person', reason: 'the run read untrusted content', requiresPerson: true }) satisfies Decision);
const plainAskGate = recordingGate(() => ({ effect: 'ask', rule: 'mode.safe', reason: 'it changes things' }) satisfies Decision);

function approverOf(kind: ApproverV1['kind'], answer: ApprovalAnswer): ApproverV1 & { asked: number } {
  const approver = {
    specificationVersion: 'v1' as const,
    kind,
    asked: 0,
    async approve() {
      approver.asked += 1;
      return answer;
    },
  };
  return approver;
}

function setup() {
  let runs = 0;
  const send = makeTool('send_email', () => {
    runs += 1;
    return 'sent';
  }, { annotations: { mutating: true } });
  return { send, runs: () => runs };
}

describe('decisions that require a person', () => {
  it('never asks an automatic approver: the call is denied and the model is told why', async () => {
    const { send, runs } = setup();
    const yes = approverOf('automatic', { outcome: 'approved', automatic: true });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'send_email', args: { to: 'x' } }] }, 'ok']);
    const events = await collect(createAgent({ provider, tools: [send], gate: personGate, approver: yes }).stream('go'));
    expect(yes.asked).toBe(0);
    expect(runs()).toBe(0);
    const result = ofType(events, 'tool_result')[0]!;
    expect(result.status).toBe('denied');
    expect(textOf(result.content)).toContain('only a person may approve');
  });

  it('refuses an approval marked automatic even from a person-kind approver', async () => {
    const { send, runs } = setup();
    const sneaky = approverOf('person', { outcome: 'approved', automatic: true });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'send_email' }] }, 'ok']);
    await createAgent({ provider, tools: [send], gate: personGate, approver: sneaky }).run('go');
    expect(sneaky.asked).toBe(1);
    expect(runs()).toBe(0);
  });

  it('runs the call when a person approves it', async () => {
    const { send, runs } = setup();
    const person = approverOf('person', { outcome: 'approved', by: 'ana' });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'send_email' }] }, 'ok']);
    await createAgent({ provider, tools: [send], gate: personGate, approver: person }).run('go');
    expect(runs()).toBe(1);
  });

  it('stamps every approval request with the digest of its exact tool and arguments', async () => {
    const { send } = setup();
    const seen: ApprovalRequest[] = [];
    const person: ApproverV1 = {
      specificationVersion: 'v1',
      kind: 'person',
      async approve(request) {
        seen.push(request);
        return { outcome: 'denied' };
      },
    };
    const provider = scriptedProvider([{ toolCalls: [{ name: 'send_email', args: { to: 'a@x.invalid', body: 'hi' } }] }, 'ok']);
    await createAgent({ provider, tools: [send], gate: plainAskGate, approver: person }).run('go');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.digest).toBe(approvalDigest({ name: 'send_email', args: { body: 'hi', to: 'a@x.invalid' } }));
  });

  it('leaves a plain ask alone: an automatic approver may approve it', async () => {
    const { send, runs } = setup();
    const yes = approverOf('automatic', { outcome: 'approved', automatic: true });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'send_email' }] }, 'ok']);
    await createAgent({ provider, tools: [send], gate: plainAskGate, approver: yes }).run('go');
    expect(yes.asked).toBe(1);
    expect(runs()).toBe(1);
  });

  it('a parked call resumed with an automatic approval is denied, not run', async () => {
    const { send, runs } = setup();
    const store = memorySessionStore();
    const durable = approverOf('durable', { outcome: 'pending' });
    const first = scriptedProvider([{ toolCalls: [{ name: 'send_email', id: 'c1' }] }]);
    const parked = await createAgent({ provider: first, tools: [send], gate: personGate, approver: durable, session: { store, id: 's' } }).run('go');
    expect(parked.stopReason).toBe('approval');
    const provider = scriptedProvider(['fine']);
    await createAgent({ provider, tools: [send], gate: personGate, session: { store } }).resume('s', { approvals: { c1: { outcome: 'approved', automatic: true } } });
    expect(runs()).toBe(0);
    const sent = provider.requests[0]!.messages.at(-1)!;
    const part = sent.parts[0]!;
    expect(part.type === 'tool_result' && part.isError).toBe(true);
    expect(part.type === 'tool_result' ? textOf(part.content) : '').toContain('only a person may approve');
  });
});

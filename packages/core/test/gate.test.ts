import { describe, expect, it } from 'vitest';
import { textOf, type ApprovalAnswer, type ApproverV1, type ToolResultPart } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent, defaultGate } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

function approver(answer: ApprovalAnswer | (() => Promise<ApprovalAnswer>)): ApproverV1 & { asked: number } {
  const a = {
    specificationVersion: 'v1' as const,
    kind: 'person' as const,
    asked: 0,
    async approve() {
      a.asked += 1;
      return typeof answer === 'function' ? answer() : answer;
    },
  };
  return a;
}

function sentResult(requests: readonly { messages: readonly { role: string; parts: readonly unknown[] }[] }[]): ToolResultPart {
  const tool = requests[1]!.messages.at(-1)!;
  return tool.parts[0] as ToolResultPart;
}

describe('gate and approvals', () => {
  it('tells the gate which paths the run has written (touchedPaths), counting only successful mutating calls', async () => {
    const seen: string[][] = [];
    const gate = recordingGate((_call, ctx) => {
      seen.push([...(ctx.touchedPaths ?? [])]);
      return 'allow';
    });
    const write = makeTool('write_file', (args) => (args.path === 'fail.txt' ? { content: 'disk full', isError: true } : 'written'), { annotations: { mutating: true } });
    const read = makeTool('read_file', () => 'content');
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'write_file', args: { path: 'a.txt' } }, { name: 'read_file', args: { path: 'r.txt' } }] },
      { toolCalls: [{ name: 'write_file', args: { path: 'fail.txt' } }] },
      { toolCalls: [{ name: 'read_file', args: { path: 'b.txt' } }] },
      'done',
    ]);
    await createAgent({ provider, tools: [write, read], gate }).run('x');
    expect(seen).toEqual([[], [], ['a.txt'], ['a.txt']]);
  });

  it('the default gate allows read-only tools and asks for the rest (rule core.default)', () => {
    const gate = defaultGate();
    expect(gate.decide({ id: '1', name: 'read', args: {}, annotations: { readOnly: true } }, { runId: 'r', step: 1, tainted: false })).toMatchObject({ effect: 'allow', rule: 'core.default' });
    expect(gate.decide({ id: '2', name: 'write', args: {} }, { runId: 'r', step: 1, tainted: false })).toMatchObject({ effect: 'ask', rule: 'core.default' });
  });

  it('a deny never runs the tool and tells the model why', async () => {
    let ran = false;
    const rm = makeTool('rm', () => {
      ran = true;
      return 'gone';
    });
    const gate = recordingGate({ rm: 'deny' });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'rm', args: { path: '/' } }] }, 'ok']);
    const events = await collect(createAgent({ provider, tools: [rm], gate }).stream('x'));
    expect(ran).toBe(false);
    expect(gate.decisions).toHaveLength(1);
    expect(gate.decisions[0]!.ctx).toMatchObject({ step: 1, tainted: false });
    expect(ofType(events, 'tool_decision')[0]!.decision.effect).toBe('deny');
    expect(ofType(events, 'tool_result')[0]!.status).toBe('denied');
    expect(textOf(sentResult(provider.requests).content)).toContain('Denied by policy (recording-gate.deny)');
  });

  it('an ask with no approver is denied, never allowed', async () => {
    let ran = false;
    const write = makeTool('write', () => {
      ran = true;
      return 'written';
    }, { annotations: { mutating: true } });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write' }] }, 'ok']);
    const result = await createAgent({ provider, tools: [write] }).run('x');
    expect(ran).toBe(false);
    expect(result.toolCalls[0]).toMatchObject({ status: 'denied', decision: { effect: 'ask', rule: 'core.default' } });
    expect(textOf(sentResult(provider.requests).content)).toContain('no approver is available');
  });

  it('an ask approved by the approver runs; the answer is on the decision event', async () => {
    const a = approver({ outcome: 'approved', by: 'ana' });
    const write = makeTool('write', () => 'written', { annotations: { mutating: true } });
    const events = await collect(createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'write' }] }, 'ok']), tools: [write], approver: a }).stream('x'));
    expect(a.asked).toBe(1);
    expect(ofType(events, 'tool_decision')[0]!.approval).toMatchObject({ outcome: 'approved', by: 'ana' });
    expect(ofType(events, 'tool_result')[0]!.status).toBe('ok');
  });

  it('an approver that says no, throws, or answers garbage denies', async () => {
    const cases: ApproverV1[] = [
      approver({ outcome: 'denied', note: 'not today' }),
      approver(() => Promise.reject(new Error('tty closed'))),
      approver(() => Promise.resolve({ outcome: 'yes please' } as unknown as ApprovalAnswer)),
    ];
    for (const a of cases) {
      let ran = false;
      const write = makeTool('write', () => {
        ran = true;
        return 'w';
      }, { annotations: { mutating: true } });
      const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'write' }] }, 'ok']), tools: [write], approver: a }).run('x');
      expect(ran).toBe(false);
      expect(result.toolCalls[0]!.status).toBe('denied');
    }
  });

  it('a gate that throws denies (rule core.gate_error)', async () => {
    const gate = { specificationVersion: 'v1' as const, decide: () => Promise.reject(new Error('policy file unreadable')) };
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'ok']), tools: [makeTool('t', () => 'x')], gate }).run('x');
    expect(result.toolCalls[0]).toMatchObject({ status: 'denied', decision: { effect: 'deny', rule: 'core.gate_error' } });
  });

  it('the gate sees the tool annotations, the user and the tenant', async () => {
    const gate = recordingGate();
    const t = makeTool('t', () => 'x', { annotations: { readOnly: true, openWorld: true } });
    await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'ok']), tools: [t], gate, context: { userId: 'u1', tenantId: 'acme' } }).run('x');
    expect(gate.decisions[0]!.call.annotations).toEqual({ readOnly: true, openWorld: true });
    expect(gate.decisions[0]!.ctx).toMatchObject({ userId: 'u1', tenantId: 'acme' });
  });

  it('a durable approver without a session store is a denial (nowhere to park the call)', async () => {
    const durable: ApproverV1 = { specificationVersion: 'v1', kind: 'durable', approve: async () => ({ outcome: 'pending' }) };
    const write = makeTool('write', () => 'w', { annotations: { mutating: true } });
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'write' }] }, 'ok']), tools: [write], approver: durable }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.toolCalls[0]!.status).toBe('denied');
  });
});

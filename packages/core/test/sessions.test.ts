import { describe, expect, it } from 'vitest';
import { historyFromRecords } from '@warden/protocol/history';
import { SessionError, textOf, type ApproverV1, type SessionStoreV1 } from '@warden/protocol';
import { SessionRecord } from '@warden/protocol/schemas';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

const durable: ApproverV1 = { specificationVersion: 'v1', kind: 'durable', approve: async () => ({ outcome: 'pending' }) };

describe('sessions', () => {
  it('appends records as they happen, in a shape historyFromRecords reads back', async () => {
    const store = memorySessionStore();
    const seenAtToolTime: string[] = [];
    const t = makeTool('t', async () => {
      const loaded = await store.load('s1');
      seenAtToolTime.push(...loaded.records.map((r) => r.type));
      return 'tool says hi';
    });
    const provider = scriptedProvider([{ text: 'calling', toolCalls: [{ name: 't' }] }, 'all done'], { pricePerMillion: { input: 1, output: 1 } });
    const result = await createAgent({ provider, tools: [t], session: { store, id: 's1', title: 'demo' } }).run('do it');
    // while the tool ran, the task, the assistant message and the decided call were already stored
    expect(seenAtToolTime).toEqual(['header', 'message', 'meta', 'message', 'tool_call']);
    const loaded = await store.load('s1');
    for (const record of loaded.records) SessionRecord.parse(record);
    expect(loaded.records.map((r) => r.type)).toEqual(['header', 'message', 'meta', 'message', 'tool_call', 'tool_result', 'meta', 'message', 'meta']);
    const call = loaded.records[4]!;
    expect(call.type === 'tool_call' && call.decision?.rule).toBe('core.default');
    const meta = loaded.records.at(-1)!;
    expect(meta).toMatchObject({ type: 'meta', key: 'run', value: { stopReason: 'done', steps: 2 } });
    // The cost is on each model call's `spend` record (so a killed run keeps it), not again on the end record.
    expect(meta.type === 'meta' && meta.costUsd).toBeUndefined();
    const charges = loaded.records.filter((r) => r.type === 'meta' && r.key === 'spend');
    expect(charges).toHaveLength(2);
    expect(charges.reduce((sum, r) => sum + (r.type === 'meta' ? (r.costUsd ?? 0) : 0), 0)).toBeCloseTo(result.costUsd, 12);
    expect((await store.list())[0]!.costUsd).toBeCloseTo(result.costUsd, 12);
    expect(historyFromRecords(loaded.records).messages).toEqual(result.messages);
    expect(result.sessionId).toBe('s1');
  });

  it('a second run on the same session continues its conversation', async () => {
    const store = memorySessionStore();
    const provider = scriptedProvider(['first answer', 'second answer']);
    const agent = createAgent({ provider, session: { store, id: 'chat' } });
    await agent.run('one');
    const second = await agent.run('two');
    expect(provider.requests[1]!.messages.map((m) => textOf(m))).toEqual(['one', 'first answer', 'two']);
    expect(second.messages).toHaveLength(4);
  });

  it('a store failure becomes a warning and the run still returns', async () => {
    const inner = memorySessionStore();
    let appends = 0;
    const store: SessionStoreV1 = {
      ...inner,
      append: async (id, records, options) => {
        appends += 1;
        if (appends === 2) throw new SessionError({ code: 'session.io', message: 'disk full' });
        return inner.append(id, records, options);
      },
    };
    const events = await collect(createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'finished']), tools: [makeTool('t', () => 'x')], session: { store } }).stream('x'));
    const warnings = ofType(events, 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ code: 'core.session_write_failed' });
    expect(warnings[0]!.message).toContain('session.io');
    expect(ofType(events, 'run_end')[0]).toMatchObject({ stopReason: 'done', output: 'finished' });
  });

  it('a store that cannot create the session: the run goes on unstored, with a warning', async () => {
    const store: SessionStoreV1 = { ...memorySessionStore(), create: () => Promise.reject(new SessionError({ code: 'session.io', message: 'no' })) };
    const result = await createAgent({ provider: scriptedProvider(['ok']), session: { store } }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.sessionId).toBeUndefined();
    expect(result.warnings[0]).toContain('session.io');
  });

  it('uses expectedVersion: a concurrent writer makes the run warn instead of overwriting', async () => {
    const store = memorySessionStore();
    await store.create({ id: 's' });
    const sneaky = makeTool('sneaky', async () => {
      await store.append('s', [{ type: 'meta', id: 'other-writer', at: new Date().toISOString(), key: 'x', value: 1 }], { expectedVersion: (await store.load('s')).version });
      return 'ok';
    });
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'sneaky' }] }, 'done']), tools: [sneaky], session: { store, id: 's' } }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.warnings.join(' ')).toContain('session.version_conflict');
  });

  it('resume() needs a store and a session that exists', async () => {
    await expect(createAgent({ provider: scriptedProvider([]) }).resume('x')).rejects.toMatchObject({ code: 'config.invalid' });
    await expect(createAgent({ provider: scriptedProvider([]), session: { store: memorySessionStore() } }).resume('missing')).rejects.toMatchObject({ code: 'session.not_found' });
  });

  it('resume() with a task continues from what was stored', async () => {
    const store = memorySessionStore();
    await createAgent({ provider: scriptedProvider(['A1']), session: { store, id: 's' } }).run('Q1');
    const provider = scriptedProvider(['A2']);
    const result = await createAgent({ provider, session: { store } }).resume('s', { task: 'Q2' });
    expect(provider.requests[0]!.messages.map((m) => textOf(m))).toEqual(['Q1', 'A1', 'Q2']);
    expect(result.output).toBe('A2');
  });

  it('resume() of a crashed run closes calls without results as interrupted and stores the repair', async () => {
    const store = memorySessionStore();
    const { version } = await store.create({ id: 's' });
    const at = new Date().toISOString();
    await store.append('s', [
      { type: 'message', id: 'm1', at, message: { role: 'user', parts: [{ type: 'text', text: 'go' }] } },
      { type: 'message', id: 'm2', at, message: { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 't', args: {} }] } },
      { type: 'tool_call', id: 'tc1', at, call: { type: 'tool_call', id: 'c1', name: 't', args: {} } },
    ], { expectedVersion: version });
    const provider = scriptedProvider(['I will check first']);
    const events = await collect(createAgent({ provider, tools: [makeTool('t', () => 'x')], session: { store } }).resumeStream('s'));
    expect(ofType(events, 'warning')[0]!.code).toBe('core.interrupted_calls');
    const sent = provider.requests[0]!.messages.at(-1)!;
    expect(sent.role).toBe('tool');
    const loaded = await store.load('s');
    expect(loaded.records.filter((r) => r.type === 'tool_result')).toHaveLength(1);
  });

  describe('durable approvals', () => {
    async function park() {
      const store = memorySessionStore();
      let runs = 0;
      const deploy = makeTool('deploy', (args) => {
        runs += 1;
        return `deployed ${String(args.env)}`;
      }, { annotations: { mutating: true } });
      const first = scriptedProvider([{ toolCalls: [{ name: 'deploy', args: { env: 'prod' }, id: 'd1' }, { name: 'look', id: 'l1' }] }]);
      const look = makeTool('look', () => 'looked');
      const events = await collect(createAgent({ provider: first, tools: [deploy, look], approver: durable, session: { store, id: 's' } }).stream('ship'));
      return { store, events, deploy, look, runs: () => runs };
    }

    it('a pending answer parks the call, writes an approval record and stops with approval', async () => {
      const { store, events, runs } = await park();
      expect(runs()).toBe(0);
      const pending = ofType(events, 'approval_pending');
      expect(pending).toHaveLength(1);
      expect(pending[0]!.request.call).toEqual({ id: 'd1', name: 'deploy', args: { env: 'prod' } });
      expect(ofType(events, 'run_end')[0]!.stopReason).toBe('approval');
      const history = historyFromRecords((await store.load('s')).records);
      expect(history.pendingApprovals.map((p) => p.call.id)).toEqual(['d1']);
      expect(history.interruptedCallIds).toEqual([]);
    });

    it('resume with approved executes exactly the stored call before asking the model', async () => {
      const { store, deploy, look, runs } = await park();
      const provider = scriptedProvider(['shipped']);
      const result = await createAgent({ provider, tools: [deploy, look], approver: durable, session: { store } }).resume('s', { approvals: { d1: { outcome: 'approved', by: 'ops' } } });
      expect(runs()).toBe(1);
      expect(result).toMatchObject({ stopReason: 'done', output: 'shipped' });
      const toolMessage = provider.requests[0]!.messages.at(-1)!;
      expect(toolMessage.role).toBe('tool');
      expect(toolMessage.parts.map((p) => (p.type === 'tool_result' ? [p.callId, textOf(p.content)] : []))).toEqual([
        ['d1', 'deployed prod'],
        ['l1', 'looked'],
      ]);
      expect(historyFromRecords((await store.load('s')).records).pendingApprovals).toEqual([]);
    });

    it('resume with denied writes a denial result and never runs the call', async () => {
      const { store, deploy, look, runs } = await park();
      const provider = scriptedProvider(['ok, not shipping']);
      const result = await createAgent({ provider, tools: [deploy, look], session: { store } }).resume('s', { approvals: { d1: { outcome: 'denied', note: 'freeze' } } });
      expect(runs()).toBe(0);
      expect(result.toolCalls[0]).toMatchObject({ id: 'd1', status: 'denied' });
      const denial = provider.requests[0]!.messages.at(-1)!.parts[0]!;
      expect(denial.type === 'tool_result' && textOf(denial.content)).toContain('freeze');
    });

    it('a new task on a session that still waits denies the parked call before going on', async () => {
      const { store, deploy, look, runs } = await park();
      const provider = scriptedProvider(['fine, something else']);
      const result = await createAgent({ provider, tools: [deploy, look], session: { store, id: 's' } }).run('never mind, do something else');
      expect(runs()).toBe(0);
      expect(result.toolCalls[0]).toMatchObject({ id: 'd1', status: 'denied' });
      const sent = provider.requests[0]!.messages;
      expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
      expect(historyFromRecords((await store.load('s')).records).pendingApprovals).toEqual([]);
    });

    it('resume without an answer stays parked and does not call the model', async () => {
      const { store, deploy, look } = await park();
      const provider = scriptedProvider([]);
      const result = await createAgent({ provider, tools: [deploy, look], session: { store } }).resume('s');
      expect(result.stopReason).toBe('approval');
      expect(result.pendingApproval?.call.id).toBe('d1');
      expect(provider.requests).toHaveLength(0);
    });

    it('lists every parked call in pendingApprovals, in the model\'s order, on the run and on resume', async () => {
      const store = memorySessionStore();
      const deploy = makeTool('deploy', () => 'deployed', { annotations: { mutating: true } });
      const provider = scriptedProvider([
        { toolCalls: [{ name: 'deploy', args: { env: 'eu' }, id: 'd1' }, { name: 'deploy', args: { env: 'us' }, id: 'd2' }] },
      ]);
      const first = await createAgent({ provider, tools: [deploy], approver: durable, session: { store, id: 'two' } }).run('ship');
      expect(first.stopReason).toBe('approval');
      expect(first.pendingApprovals?.map((p) => p.call.args)).toEqual([{ env: 'eu' }, { env: 'us' }]);
      expect(first.pendingApproval).toBe(first.pendingApprovals?.[0]);
      const again = await createAgent({ provider: scriptedProvider([]), tools: [deploy], session: { store } }).resume('two');
      expect(again.pendingApprovals?.map((p) => p.call.id)).toEqual(['d1', 'd2']);
      const partly = await createAgent({ provider: scriptedProvider([]), tools: [deploy], session: { store } }).resume('two', { approvals: { d1: { outcome: 'approved', by: 'ops' } } });
      expect(partly.pendingApprovals?.map((p) => p.call.id)).toEqual(['d2']);
    });
  });
});

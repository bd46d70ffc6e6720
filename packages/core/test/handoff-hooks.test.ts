import { describe, expect, it } from 'vitest';
import { textOf, type Handoff, type Message, type ModelRequest } from '@warden/protocol';
import { memorySessionStore, scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent, type AgentOptions } from '../src/index.js';
import { assertValidEvents, collect, makeTool, ofType } from './helpers.js';

/** Routes each request to the script of the agent whose system prompt it carries. */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => queues.get(textOf(request.messages[0]!))?.shift() ?? 'script exhausted';
  return scriptedProvider(Array.from({ length: 30 }, () => respond));
}
const requestsOf = (provider: ReturnType<typeof router>, system: string) => provider.requests.filter((r) => textOf(r.messages[0]!) === system);
const search = makeTool('search', (args) => `results for ${String(args.q)}`);
const transfer = (summary: string) => ({ toolCalls: [{ name: 'transfer_to_billing', args: { summary } }] });

function agent(provider: ReturnType<typeof router>, billing: Partial<NonNullable<AgentOptions['handoffs']>[string]> = {}, extra: Partial<AgentOptions> = {}) {
  return createAgent({ provider, name: 'triage', system: 'triage', tools: [search], handoffs: { billing: { description: 'anything about money', system: 'billing', tools: ['search'], ...billing } }, ...extra });
}

describe('onHandoff hooks', () => {
  it.each([
    ['a { block } answer', (): { block: string } => ({ block: 'billing is closed' })],
    ['a throw', (): never => {
      throw new Error('billing is closed');
    }],
  ])('%s on the target refuses: the model reads why, a rejected receipt is stored, and the holder answers', async (_label, hook) => {
    const seen: Handoff[] = [];
    const provider = router({ triage: [transfer('charged twice'), 'I will help you myself.'], billing: ['never'] });
    const store = memorySessionStore();
    const events = await collect(agent(provider, { onHandoff: (record) => (seen.push(record), hook()) }, { session: { store, id: 's' } }).stream('I was charged twice'));
    assertValidEvents(events);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ from: 'triage', to: 'billing', contextSummary: 'charged twice' });
    const [handoff] = ofType(events, 'handoff');
    expect(handoff!.receipt).toMatchObject({ status: 'rejected' });
    expect(handoff!.refusal).toEqual({ code: 'handoff.blocked', params: { reason: 'billing is closed' } });
    const result = ofType(events, 'tool_result').find((e) => e.name === 'transfer_to_billing')!;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('billing is closed');
    expect(requestsOf(provider, 'billing')).toHaveLength(0);
    expect(ofType(events, 'run_end')[0]).toMatchObject({ output: 'I will help you myself.' });
    const stored = (await store.load('s')).records.filter((r) => r.type === 'meta' && r.key === 'warden.handoff_receipt');
    expect(stored).toHaveLength(1);
  });

  it('the run-wide hook sees every handoff (back to the originating agent too); allowing passes it on', async () => {
    const seen: string[] = [];
    const provider = router({ triage: [transfer('money'), 'triage again'], billing: [{ toolCalls: [{ name: 'transfer_to_triage', args: { summary: 'not money after all' } }] }] });
    const result = await agent(provider, { handoffs: ['triage'], onHandoff: async () => undefined }, { onHandoff: (record) => void seen.push(`${record.from}->${record.to}`) }).run('help');
    expect(seen).toEqual(['triage->billing', 'billing->triage']);
    expect(result.handoffs.map((h) => h.to)).toEqual(['billing', 'triage']);
    expect(result.output).toBe('triage again');
  });

  it('the hook gets a frozen copy: changing it changes nothing', async () => {
    const provider = router({ triage: [transfer('original')], billing: ['billing answers'] });
    const result = await agent(provider, {
      onHandoff: (record) => {
        expect(Object.isFrozen(record)).toBe(true);
        expect(() => ((record as { contextSummary: string }).contextSummary = 'changed')).toThrow();
      },
    }).run('help');
    expect(result.handoffs[0]!.contextSummary).toBe('original');
  });
});

describe('a custom history filter', () => {
  it('is the receiver\'s history (then the handoff note), stored as the conversation from then on; broken pairs are removed', async () => {
    const store = memorySessionStore();
    const provider = router({
      triage: [{ text: 'Looking it up.', toolCalls: [{ name: 'search', args: { q: 'order 4182' } }] }, transfer('charged twice, order 4182')],
      billing: ['Refund on its way.'],
    });
    // Keeps the user's words and the tool results, drops the calls: the orphaned results must go too.
    const filter = (messages: readonly Message[]): Message[] => messages.filter((m) => m.role !== 'assistant');
    const events = await collect(agent(provider, { history: filter }, { session: { store, id: 'f' } }).stream('I was charged twice'));
    assertValidEvents(events);
    const handoff = ofType(events, 'handoff')[0]!.handoff;
    expect(handoff.history).toBeUndefined();
    expect(handoff.metadata).toMatchObject({ history: 'custom' });
    const [billing] = requestsOf(provider, 'billing');
    const sent = billing!.messages.slice(1);
    expect(sent.map((m) => m.role)).toEqual(['user', 'user']);
    expect(textOf(sent[0]!)).toBe('I was charged twice');
    expect(textOf(sent[1]!)).toContain('Handoff from triage to billing');
    const loaded = await store.load('f');
    expect(loaded.records.some((r) => r.type === 'compaction' && r.summary.includes('history: custom'))).toBe(true);
  });

  it.each([
    ['throws', (): Message[] => {
      throw new Error('bad filter');
    }],
    ['returns garbage', (): Message[] => [{ role: 'system', parts: [] } as unknown as Message]],
  ])('a filter that %s gives the receiver what was said, with a warning', async (_label, filter) => {
    const provider = router({ triage: [{ text: 'Looking.', toolCalls: [{ name: 'search', args: { q: 'x' } }] }, transfer('x')], billing: ['ok'] });
    const events = await collect(agent(provider, { history: filter }).stream('hello there'));
    expect(ofType(events, 'warning').map((w) => w.code)).toContain('core.handoff_filter_failed');
    const [billing] = requestsOf(provider, 'billing');
    expect(billing!.messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(billing!.messages)).not.toContain('results for x');
  });
});

describe('nobody is left holding a conversation they cannot have', () => {
  it('a holder granted for another user gives the conversation back; the same user keeps it', async () => {
    const store = memorySessionStore();
    const provider = router({ triage: [transfer('money'), 'triage answers bo'], billing: ['billing answers ana', 'billing answers ana again'] });
    // A conversation the tenant shares: its session is owned by the tenant, each run acts for a user.
    const forAna = { session: { store, id: 'shared', owner: { tenantId: 'acme' } }, context: { userId: 'ana' } };
    await agent(provider, {}, forAna).run('one');
    const again = await collect(agent(provider, {}, forAna).stream('two'));
    expect(ofType(again, 'run_start')[0]!.agent).toBe('billing');
    expect(ofType(again, 'run_end')[0]!.output).toBe('billing answers ana again');
    // The same tenant's conversation continued by another user.
    const forBo = await collect(agent(provider, {}, { session: { store, id: 'shared', owner: { tenantId: 'acme' } }, context: { userId: 'bo' } }).stream('three'));
    expect(ofType(forBo, 'warning').map((w) => w.code)).toContain('core.handoff_other_user');
    expect(ofType(forBo, 'run_start')[0]!.agent).toBe('triage');
    expect(ofType(forBo, 'run_end')[0]!.output).toBe('triage answers bo');
  });

  it('a holder that cannot start gives it back: the agent called answers, with the reason', async () => {
    const store = memorySessionStore();
    const provider = router({ triage: [transfer('money'), 'triage answers'], billing: ['billing answers', 'never'] });
    let up = true;
    const start = (): void => {
      if (!up) throw new Error('billing desk offline');
    };
    const first = await agent(provider, { start }, { session: { store, id: 'u' } }).run('one');
    expect(first.output).toBe('billing answers');
    up = false;
    const events = await collect(agent(provider, { start }, { session: { store, id: 'u' } }).stream('two'));
    assertValidEvents(events);
    const warning = ofType(events, 'warning').find((w) => w.code === 'core.handoff_agent_unavailable');
    expect(warning?.message).toContain('billing desk offline');
    expect(ofType(events, 'run_start')[0]!.agent).toBe('triage');
    expect(ofType(events, 'run_end')[0]!.output).toBe('triage answers');
    // The billing agent's model was never asked after it could not start.
    expect(requestsOf(provider, 'billing')).toHaveLength(1);
  });

  it('a transfer to an agent that cannot start is refused: the model reads why and answers itself', async () => {
    const provider = router({ triage: [transfer('money'), 'I will do it myself.'], billing: ['never'] });
    const events = await collect(agent(provider, { start: async () => Promise.reject(new Error('no billing model key')) }).stream('charged twice'));
    assertValidEvents(events);
    const [handoff] = ofType(events, 'handoff');
    expect(handoff!.receipt).toMatchObject({ status: 'rejected' });
    expect(handoff!.refusal).toEqual({ code: 'handoff.unavailable', params: { reason: 'no billing model key' } });
    const result = ofType(events, 'tool_result').find((e) => e.name === 'transfer_to_billing')!;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('billing could not start: no billing model key');
    expect(requestsOf(provider, 'billing')).toHaveLength(0);
    expect(ofType(events, 'run_end')[0]).toMatchObject({ output: 'I will do it myself.' });
  });

  it('a start that is not a function is a config error at createAgent', () => {
    expect(() => agent(router({}), { start: 'yes' as unknown as () => void })).toThrow(/handoffs\.billing\.start must be a function/);
  });

  it('a holder gone from the configuration gives it back (as before)', async () => {
    const store = memorySessionStore();
    const provider = router({ triage: [transfer('money'), 'triage answers'], billing: ['billing answers'] });
    await agent(provider, {}, { session: { store, id: 'g' } }).run('one');
    const plain = createAgent({ provider, name: 'triage', system: 'triage', tools: [search], session: { store, id: 'g' } });
    const events = await collect(plain.stream('two'));
    expect(ofType(events, 'warning').map((w) => w.code)).toContain('core.handoff_agent_missing');
    expect(ofType(events, 'run_end')[0]!.output).toBe('triage answers');
  });
});

import { describe, expect, it } from 'vitest';
import { historyFromRecords } from '@warden/protocol/history';
import { textOf, type ModelRequest, type RunEvent } from '@warden/protocol';
import { memorySessionStore, recordingGate, scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent, type AgentOptions } from '../src/index.js';
import { assertValidEvents, collect, makeTool, ofType } from './helpers.js';

/** Routes each request to the script of the agent whose system prompt it carries. */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!);
    const queue = queues.get(system);
    if (!queue) throw new Error(`no script for ${system}`);
    return queue.shift() ?? `${system}: script exhausted`;
  };
  return scriptedProvider(Array.from({ length: 40 }, () => respond), { pricePerMillion: { input: 1, output: 1 } });
}

const requestsOf = (provider: ReturnType<typeof router>, system: string) => provider.requests.filter((r) => textOf(r.messages[0]!) === system);
const search = makeTool('search', (args) => `results for ${String(args.q)}`);
const notes = makeTool('read_notes', () => 'the notes');
const publish = makeTool('publish', () => 'published', { annotations: { mutating: true } });

const transfer = (summary: string, extra: Record<string, unknown> = {}) => ({ toolCalls: [{ name: 'transfer_to_writer', args: { summary, ...extra } }] });

function agentWith(provider: ReturnType<typeof router>, writer: Partial<NonNullable<AgentOptions['handoffs']>[string]> = {}, extra: Partial<AgentOptions> = {}) {
  return createAgent({
    provider,
    name: 'researcher',
    system: 'researcher',
    tools: [search, notes, publish],
    handoffs: { writer: { description: 'writes the article', system: 'writer', tools: ['read_notes', 'publish'], ...writer } },
    ...extra,
  });
}

describe('handoffs', () => {
  it('full history: the writer sees everything, holds only its tools, and one run reports both agents', async () => {
    const provider = router({
      researcher: [{ text: 'Looking.', toolCalls: [{ name: 'search', args: { q: 'quantum' } }] }, transfer('3 sources on quantum computing', { artifacts: ['notes.json'], confidence: 0.85, suggested_next_action: 'draft' })],
      writer: ['Here is the article.'],
    });
    const events = await collect(agentWith(provider, { history: 'full' }).stream('Write about quantum computing'));
    assertValidEvents(events);
    expect(ofType(events, 'run_start')).toHaveLength(1);
    expect(ofType(events, 'run_start')[0]!.agent).toBe('researcher');
    expect(ofType(events, 'run_end')).toHaveLength(1);
    const [handoff] = ofType(events, 'handoff');
    expect(handoff!.handoff).toMatchObject({ version: 1, from: 'researcher', to: 'writer', contextSummary: '3 sources on quantum computing', artifacts: ['notes.json'], confidence: 0.85, suggestedNextAction: 'draft', history: 'full', sticky: true });
    expect(handoff!.receipt).toMatchObject({ handoffId: handoff!.handoff.id, status: 'accepted', by: 'writer' });

    const [writerRequest] = requestsOf(provider, 'writer');
    expect(writerRequest!.tools!.map((t) => t.name)).toEqual(['read_notes', 'publish']);
    const seen = JSON.stringify(writerRequest!.messages);
    expect(seen).toContain('results for quantum');
    expect(seen).toContain('transfer_to_writer');
    const note = textOf(writerRequest!.messages.at(-1)!);
    expect(note).toContain('Handoff from researcher to writer');
    expect(note).toContain('Artifacts: notes.json');
    // The researcher's tools list offered the transfer; the researcher never answered.
    expect(requestsOf(provider, 'researcher')[0]!.tools!.map((t) => t.name)).toContain('transfer_to_writer');
    const end = ofType(events, 'run_end')[0]!;
    expect(end.output).toBe('Here is the article.');
  });

  it('summary history keeps what was said, none keeps only the user message; the narrowed history is what the session holds', async () => {
    for (const mode of ['summary', 'none'] as const) {
      const store = memorySessionStore();
      const provider = router({
        researcher: [{ text: 'I will search.', toolCalls: [{ name: 'search', args: { q: 'q' } }] }, transfer('found it')],
        writer: ['done'],
      });
      const result = await agentWith(provider, { history: mode }, { session: { store, id: `s-${mode}` } }).run('Find and write');
      expect(result.agent).toBe('writer');
      const messages = requestsOf(provider, 'writer')[0]!.messages.slice(1);
      const json = JSON.stringify(messages);
      expect(json).not.toContain('results for q');
      expect(json).not.toContain('tool_call');
      const texts = messages.map((m) => `${m.role}:${textOf(m).split('\n')[0]}`);
      if (mode === 'summary') expect(texts).toEqual(['user:Find and write', 'assistant:I will search.', 'user:[Handoff from researcher to writer. You (writer) now hold the conversation and answer the user.]']);
      else expect(texts).toEqual(['user:Find and write', 'user:[Handoff from researcher to writer. You (writer) now hold the conversation and answer the user.]']);
      const stored = historyFromRecords((await store.load(`s-${mode}`)).records);
      expect(JSON.stringify(stored.messages)).not.toContain('results for q');
      expect(textOf(stored.messages.at(-1)!)).toBe('done');
    }
  });

  it('sticky: the next turn of the stored conversation goes to the writer; non-sticky goes back', async () => {
    for (const sticky of [true, false]) {
      const store = memorySessionStore();
      const provider = router({ researcher: [transfer('over to you'), 'researcher again'], writer: ['first answer', 'second answer'] });
      const options = { session: { store, id: 'chat' } };
      const first = await agentWith(provider, { sticky }, options).run('hello');
      expect(first.agent).toBe('writer');
      expect(first.nextAgent).toBe(sticky ? 'writer' : 'researcher');
      // A new agent object (another process) continuing the conversation by its id.
      const events = await collect(agentWith(provider, { sticky }, options).stream('and then?'));
      assertValidEvents(events);
      expect(events[0]!.type).toBe('run_start');
      expect(ofType(events, 'run_start')[0]!.agent).toBe(sticky ? 'writer' : 'researcher');
      expect(ofType(events, 'run_end')[0]!.output).toBe(sticky ? 'second answer' : 'researcher again');
      const records = (await store.load('chat')).records.filter((r) => r.type === 'meta' && r.key.startsWith('warden.handoff'));
      expect(records.map((r) => (r.type === 'meta' ? r.key : ''))).toEqual(['warden.handoff', 'warden.handoff_receipt']);
    }
  });

  it('a stored holder this agent does not declare gives the conversation back to the originating agent', async () => {
    const store = memorySessionStore();
    const provider = router({ researcher: [transfer('x'), 'researcher answers'], writer: ['writer answers'] });
    await agentWith(provider, {}, { session: { store, id: 'c' } }).run('one');
    const plain = createAgent({ provider, name: 'researcher', system: 'researcher', tools: [search], session: { store, id: 'c' } });
    const events = await collect(plain.stream('two'));
    expect(ofType(events, 'warning').map((w) => w.code)).toContain('core.handoff_agent_missing');
    expect(ofType(events, 'run_end')[0]!.output).toBe('researcher answers');
  });

  it('past maxHandoffs the transfer is refused with run.max_handoffs, a rejected receipt, and the holder answers', async () => {
    const provider = router({
      researcher: [transfer('go')],
      writer: [{ toolCalls: [{ name: 'transfer_to_researcher', args: { summary: 'back' } }] }, 'I will answer myself.'],
    });
    const events = await collect(agentWith(provider, { handoffs: ['researcher'] }, { maxHandoffs: 1 }).stream('x'));
    assertValidEvents(events);
    const handoffs = ofType(events, 'handoff');
    expect(handoffs.map((h) => [h.handoff.from, h.handoff.to, h.receipt.status])).toEqual([
      ['researcher', 'writer', 'accepted'],
      ['writer', 'researcher', 'rejected'],
    ]);
    expect(handoffs[1]!.receipt.reason).toMatch(/^run\.max_handoffs: /);
    expect(handoffs[1]!.refusal).toEqual({ code: 'run.max_handoffs', params: { limit: 1 } });
    expect(handoffs[0]!.refusal).toBeUndefined();
    const refused = ofType(events, 'tool_result').find((e) => e.name === 'transfer_to_researcher')!;
    expect(refused.status).toBe('error');
    expect(textOf(refused.content)).toContain('[run.max_handoffs]');
    expect(ofType(events, 'run_end')[0]!.output).toBe('I will answer myself.');
  });

  it('two transfers in one step: the first is granted, the second refused', async () => {
    const provider = router({
      researcher: [{ toolCalls: [{ name: 'transfer_to_writer', args: { summary: 'a' } }, { name: 'transfer_to_editor', args: { summary: 'b' } }] }],
      writer: ['writer here'],
      editor: ['editor here'],
    });
    const agent = createAgent({
      provider,
      name: 'researcher',
      system: 'researcher',
      handoffs: { writer: { description: 'w', system: 'writer', tools: [] }, editor: { description: 'e', system: 'editor', tools: [] } },
    });
    const events = await collect(agent.stream('x'));
    expect(ofType(events, 'handoff').map((h) => [h.handoff.to, h.receipt.status])).toEqual([
      ['editor', 'rejected'],
      ['writer', 'accepted'],
    ]);
    expect(ofType(events, 'handoff')[0]!.refusal).toEqual({ code: 'run.handoff_refused', params: { to: 'writer' } });
    expect(ofType(events, 'run_end')[0]!.output).toBe('writer here');
  });

  it('permissions never widen: tools narrow to the originating agent, and both gates decide', async () => {
    const rootGate = recordingGate({ search: 'deny' });
    const writerGate = recordingGate({ read_notes: 'deny' });
    const provider = router({
      researcher: [transfer('go')],
      writer: [{ toolCalls: [{ name: 'search' }, { name: 'read_notes' }, { name: 'shell' }, { name: 'publish' }] }, 'done'],
    });
    const events = await collect(agentWith(provider, { tools: ['search', 'read_notes', 'publish', 'shell'], gate: writerGate }, { gate: rootGate }).stream('x'));
    expect(ofType(events, 'warning').find((w) => w.code === 'core.handoff_tools_narrowed')!.message).toContain('shell');
    expect(requestsOf(provider, 'writer')[0]!.tools!.map((t) => t.name)).toEqual(['search', 'read_notes', 'publish']);
    const statuses = Object.fromEntries(ofType(events, 'tool_result').map((e) => [e.name, e.status]));
    // search: the originating gate denies (the writer's own allows); read_notes: the writer's gate denies.
    expect(statuses).toMatchObject({ search: 'denied', read_notes: 'denied', shell: 'unknown_tool', publish: 'ok' });
    expect(rootGate.decisions.map((d) => d.call.name)).toEqual(['transfer_to_writer', 'search', 'read_notes', 'publish']);
  });

  it('taint carries over: the receiving agent starts tainted and its gate sees it', async () => {
    const gate = recordingGate();
    const provider = router({ researcher: [{ toolCalls: [{ name: 'search', args: { q: 'web' } }] }, transfer('found')], writer: [{ toolCalls: [{ name: 'publish' }] }, 'ok'] });
    const hooks = { afterTool: (ctx: { call: { name: string } }) => (ctx.call.name === 'search' ? { taint: { source: 'tool:search', reason: 'web content' } } : undefined) };
    const result = await agentWith(provider, {}, { gate, hooks }).run('x');
    const publishDecision = gate.decisions.find((d) => d.call.name === 'publish')!;
    expect(publishDecision.ctx.tainted).toBe(true);
    expect(publishDecision.ctx.taintSources!.map((t) => t.source)).toEqual(['tool:search']);
    expect(result.tainted).toBe(true);
    expect(result.handoffs[0]!.metadata).toEqual({ tainted: true });
  });

  it("budget share: the writer's own budget counts from takeover; the run's budget covers both", async () => {
    const provider = router({ researcher: [{ toolCalls: [{ name: 'search' }] }, { toolCalls: [{ name: 'search' }] }, transfer('go')], writer: [{ toolCalls: [{ name: 'read_notes' }] }, { toolCalls: [{ name: 'read_notes' }] }, 'never'] });
    const result = await agentWith(provider, { budget: { steps: 1 } }, { budget: { steps: 10 } }).run('x');
    expect(result.stopReason).toBe('budget');
    expect(result.agent).toBe('writer');
    expect(result.output).toContain("writer's step budget of 1");
    expect(result.steps).toBe(4);

    const capped = router({ researcher: [{ toolCalls: [{ name: 'search' }] }, transfer('go')], writer: [{ toolCalls: [{ name: 'read_notes' }] }, { toolCalls: [{ name: 'read_notes' }] }, 'never'] });
    const total = await agentWith(capped, { budget: { steps: 10 } }, { budget: { steps: 3 } }).run('x');
    expect(total.stopReason).toBe('budget');
    expect(total.steps).toBe(3);
    expect(total.output).toContain('the step budget of 3');
  });

  it('refuses bad configuration', () => {
    const provider = scriptedProvider(['x']);
    expect(() => createAgent({ provider, handoffs: { 'bad name': { description: 'd', tools: [] } } })).toThrow(/agent name/);
    expect(() => createAgent({ provider, handoffs: { w: { description: 'd', tools: [], handoffs: ['nobody'] } } })).toThrow(/"nobody" is not one/);
    expect(() => createAgent({ provider, handoffs: { w: { description: 'd', tools: [], history: 'fresh' as never } } })).toThrow(/history/);
    expect(() => createAgent({ provider, maxHandoffs: 2 })).toThrow(/maxHandoffs/);
    expect(() => createAgent({ provider, handoffs: { main: { description: 'd', tools: [] } } })).toThrow(/other than the agent's own/);
    expect(() => createAgent({ provider, tools: [makeTool('transfer_to_x', () => '')], handoffs: { w: { description: 'd', tools: [] } } })).toThrow(/clashes with the handoff tools/);
  });

  it('events after the handoff come from the receiving agent until the run ends', async () => {
    const provider = router({ researcher: [transfer('go')], writer: ['hi'] });
    const events: RunEvent[] = await collect(agentWith(provider).stream('x'));
    const types = events.map((e) => e.type);
    const at = types.indexOf('handoff');
    expect(types.slice(0, at)).toContain('tool_result');
    expect(types.slice(at + 1)).toEqual(expect.arrayContaining(['step_start', 'assistant_message', 'run_end']));
  });
});

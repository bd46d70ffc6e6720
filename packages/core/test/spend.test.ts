import { describe, expect, it } from 'vitest';
import { textOf, type ModelRequest } from '@warden/protocol';
import { memorySessionStore, scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => queues.get(textOf(request.messages[0]!))?.shift() ?? 'script exhausted';
  return scriptedProvider(Array.from({ length: 20 }, () => respond), { id: 'openai', model: 'gpt-4o' });
}

describe('spend lines (by agent and model, stored with the run)', () => {
  it('splits the main agent from its sub-agents, counts unpriced calls, and stores lines and label in the run meta record', async () => {
    const store = memorySessionStore();
    const provider = router({
      parent: [
        { toolCalls: [{ name: 'delegate', args: { agent: 'researcher', task: 'find X' } }], usage: { inputTokens: 100, outputTokens: 10 }, costUsd: 0.25 },
        { text: 'done', usage: { inputTokens: 200, outputTokens: 20 } },
      ],
      research: [
        { toolCalls: [{ name: 'search', args: { q: 'X' } }], usage: { inputTokens: 1000, outputTokens: 10, cacheReadTokens: 500 }, costUsd: 0.5 },
        { text: 'X is 42', usage: { inputTokens: 1000, outputTokens: 10 }, costUsd: 0.5 },
      ],
    });
    const agent = createAgent({
      provider,
      system: 'parent',
      tools: [makeTool('search', () => 'found')],
      session: { store, id: 's1' },
      subagents: { researcher: { description: 'looks things up', system: 'research', tools: ['search'] } },
    });
    const result = await agent.run('find X', { label: 'TICKET-7' });
    expect(result.spend).toEqual([
      { agent: 'main', provider: 'openai', model: 'gpt-4o', calls: 2, unpricedCalls: 1, usage: { inputTokens: 300, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }, costUsd: 0.25 },
      { agent: 'researcher', provider: 'openai', model: 'gpt-4o', calls: 2, unpricedCalls: 0, usage: { inputTokens: 2000, outputTokens: 20, cacheReadTokens: 500, cacheWriteTokens: 0, reasoningTokens: 0 }, costUsd: 1 },
    ]);
    const records = (await store.load('s1')).records;
    expect(records.at(-1)).toMatchObject({ type: 'meta', key: 'run', value: { label: 'TICKET-7', provider: 'openai', model: 'gpt-4o', spend: result.spend } });
    // Each charge was stored as it happened: the parent's calls and the sub-agent's whole run, in order.
    const charges = records.filter((r) => r.type === 'meta' && r.key === 'spend');
    expect(charges.map((r) => r.type === 'meta' && [(r.value as { source?: string }).source ?? 'model', r.costUsd])).toEqual([['model', 0.25], ['subagent', 1], ['model', 0]]);
    expect(charges[1]).toMatchObject({ value: { runId: expect.any(String), lines: [result.spend[1]] }, usage: { inputTokens: 2000 } });
    expect((await store.list())[0]!.costUsd).toBe(1.25);
  });

  it('announces every charge as a usage event that says what it was for, and the totals add up', async () => {
    const provider = router({
      parent: [
        { toolCalls: [{ name: 'delegate', args: { agent: 'researcher', task: 'find X' } }], usage: { inputTokens: 100, outputTokens: 10 }, costUsd: 0.25 },
        { text: 'done', usage: { inputTokens: 200, outputTokens: 20 }, costUsd: 0.5 },
      ],
      research: [{ text: 'X is 42', usage: { inputTokens: 1000, outputTokens: 10 }, costUsd: 1 }],
    });
    const agent = createAgent({ provider, system: 'parent', subagents: { researcher: { description: 'looks things up', system: 'research', tools: [] } } });
    const usage: Array<{ source?: string; input: number; totalInput: number; totalCost: number }> = [];
    const result = await agent.run('find X', {
      onEvent: (event) => {
        if (event.type === 'usage') usage.push({ ...(event.source ? { source: event.source } : {}), input: event.usage.inputTokens, totalInput: event.totalUsage.inputTokens, totalCost: event.totalCostUsd });
      },
    });
    // A model step is the schema's default source; the sub-agent's roll-up says so.
    expect(usage).toEqual([
      { input: 100, totalInput: 100, totalCost: 0.25 },
      { source: 'subagent', input: 1000, totalInput: 1100, totalCost: 1.25 },
      { input: 200, totalInput: 1300, totalCost: 1.75 },
    ]);
    expect(result.usage.inputTokens).toBe(1300);
    expect(result.costUsd).toBe(1.75);
  });

  it('counts calls made before the run (priorCalls) in its usage, cost, spend and budget, announced as usage events', async () => {
    const events: { type: string; source?: string }[] = [];
    const agent = createAgent({ provider: scriptedProvider([{ text: 'done', usage: { inputTokens: 5, outputTokens: 1 }, costUsd: 0.01 }], { id: 'openai', model: 'gpt-4o' }) });
    const planner = { source: 'plan' as const, provider: 'openai', model: 'gpt-4o', usage: { inputTokens: 50, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }, costUsd: 0.1 };
    const result = await agent.run('go', { priorCalls: [planner], onEvent: (e) => events.push(e) });
    expect(events.filter((e) => e.type === 'usage').map((e) => e.source ?? 'model')).toEqual(['plan', 'model']);
    expect(result.usage).toMatchObject({ inputTokens: 55, outputTokens: 10 });
    expect(result.costUsd).toBeCloseTo(0.11);
    expect(result.spend).toEqual([expect.objectContaining({ agent: 'main', calls: 2, costUsd: expect.closeTo(0.11) })]);
    // A budget the prior call used up stops the run before its first model call.
    const capped = createAgent({ provider: scriptedProvider(['never']), budget: { totalTokens: 40, onExceed: 'stop' } });
    const stopped = await capped.run('go', { priorCalls: [planner] });
    expect(stopped.steps).toBe(0);
    expect(stopped.output).toContain('budget of 40 was reached (used 59)');
  });
});

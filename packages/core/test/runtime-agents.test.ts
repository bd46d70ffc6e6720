import { describe, expect, it } from 'vitest';
import { textOf, type ModelRequest, type RunEvent } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent, type AgentOptions } from '../src/index.js';
import { assertValidEvents, collect, makeTool, ofType } from './helpers.js';

/** Routes each request by the first line of its system prompt. */
function router(scripts: Record<string, ScriptedTurn[]>, price = { input: 1, output: 1 }) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!).split('\n')[0]!;
    const queue = queues.get(system);
    if (!queue) throw new Error(`no script for ${system}`);
    return queue.shift() ?? `${system}: script exhausted`;
  };
  return scriptedProvider(Array.from({ length: 40 }, () => respond), { pricePerMillion: price });
}

const requestsOf = (provider: ReturnType<typeof router>, system: string) => provider.requests.filter((r) => textOf(r.messages[0]!).split('\n')[0] === system);
const search = makeTool('search', (args) => `results for ${String(args.q)}`);
const fetchPage = makeTool('fetch_page', () => 'page text');
const publish = makeTool('publish', () => 'published', { annotations: { mutating: true } });

/** spawn_agent results in the order the model asked (results arrive in the order calls finish). */
function spawnResults(events: RunEvent[]) {
  const order = ofType(events, 'tool_call').filter((e) => e.name === 'spawn_agent').map((e) => e.callId);
  const results = ofType(events, 'tool_result').filter((e) => e.name === 'spawn_agent');
  return order.flatMap((id) => results.filter((r) => r.callId === id));
}

const spawn = (args: Record<string, unknown>) => ({ name: 'spawn_agent', args: { template: 'analyst', name: 'a1', task: 'look it up', ...args } });

function parent(provider: ReturnType<typeof router>, runtimeAgents: AgentOptions['runtimeAgents'], extra: Partial<AgentOptions> = {}) {
  return createAgent({ provider, system: 'parent', tools: [search, fetchPage, publish], ...(runtimeAgents ? { runtimeAgents } : {}), ...extra });
}

const templates = { analyst: { description: 'analyses', system: 'analyst', tools: ['search', 'fetch_page'] } };

describe('spawn_agent', () => {
  it('is off by default', async () => {
    const provider = router({ parent: ['hi'] });
    await parent(provider, undefined).run('x');
    expect(provider.requests[0]!.tools!.map((t) => t.name)).not.toContain('spawn_agent');
  });

  it('builds an agent from a template: its instructions, a subset of tools, its result and spend roll up', async () => {
    const provider = router({
      parent: [{ toolCalls: [spawn({ instructions: 'Be brief.', tools: ['search'] })] }, 'parent done'],
      analyst: [{ toolCalls: [{ name: 'search', args: { q: 'X' } }] }, 'X is 42'],
    });
    const events = await collect(parent(provider, { templates }).stream('secret parent context'));
    assertValidEvents(events);
    const [childRequest] = requestsOf(provider, 'analyst');
    expect(textOf(childRequest!.messages[0]!)).toBe('analyst\n\nBe brief.');
    expect(childRequest!.tools!.map((t) => t.name)).toEqual(['search']);
    expect(JSON.stringify(childRequest)).not.toContain('secret parent context');
    expect(ofType(events, 'subagent').map((e) => [e.phase, e.agent])).toEqual([['start', 'a1'], ['end', 'a1']]);
    const spawnResult = ofType(events, 'tool_result').find((e) => e.name === 'spawn_agent')!;
    expect(textOf(spawnResult.content)).toBe('X is 42');
    const result = await parent(router({ parent: [{ toolCalls: [spawn({})] }, 'ok'], analyst: ['fine'] }), { templates }).run('x');
    expect(result.spend.map((l) => l.agent).sort()).toEqual(['a1', 'main']);
  });

  it('refuses past maxRuntimeAgents with run.max_runtime_agents', async () => {
    const provider = router({ parent: [{ toolCalls: [spawn({ name: 'a1' }), spawn({ name: 'a2' })] }, 'finished with what I have'], analyst: ['one'] });
    const events = await collect(parent(provider, { templates, maxRuntimeAgents: 1 }).stream('x'));
    const results = spawnResults(events);
    expect(results.map((e) => e.status)).toEqual(['ok', 'error']);
    expect(textOf(results[1]!.content)).toContain('[run.max_runtime_agents]');
    expect(ofType(events, 'run_end').at(-1)!.output).toBe('finished with what I have');
  });

  it('the allowlist is a subset of the template, the parent and runtimeAgents.tools', async () => {
    const provider = router({ parent: [{ toolCalls: [spawn({ tools: ['publish'] }), spawn({ name: 'a2', tools: ['fetch_page'] }), spawn({ name: 'bad name' }), spawn({ template: 'nope' })] }, 'ok'] });
    const events = await collect(parent(provider, { templates, tools: ['search'] }).stream('x'));
    const texts = spawnResults(events).map((e) => textOf(e.content));
    expect(texts[0]).toContain('[run.spawn_refused]');
    expect(texts[0]).toContain('publish is not in the allowlist');
    // fetch_page is in the template but outside the runtimeAgents.tools cap.
    expect(texts[1]).toContain('fetch_page is not in the allowlist of template analyst (search)');
    expect(texts[2]).toContain('not a valid agent name');
    // The template name is an enum in the tool's schema: an unknown one is refused before it runs.
    expect(texts[3]).toContain('Invalid arguments for spawn_agent');
    // A template naming a tool the parent lacks: the child never gets it.
    const narrow = router({ parent: [{ toolCalls: [spawn({})] }, 'ok'], analyst: ['fine'] });
    await createAgent({ provider: narrow, system: 'parent', tools: [search], runtimeAgents: { templates } }).run('x');
    expect(requestsOf(narrow, 'analyst')[0]!.tools!.map((t) => t.name)).toEqual(['search']);
  });

  it('does not cascade beyond maxDepth, and nested spawns count against the one ceiling', async () => {
    const flat = router({ parent: [{ toolCalls: [spawn({})] }, 'ok'], analyst: ['fine'] });
    await parent(flat, { templates }).run('x');
    expect(requestsOf(flat, 'analyst')[0]!.tools!.map((t) => t.name)).not.toContain('spawn_agent');

    const deep = router({
      parent: [{ toolCalls: [spawn({ name: 'a1' })] }, { toolCalls: [spawn({ name: 'a3' })] }, 'parent done'],
      analyst: [{ toolCalls: [spawn({ name: 'a2' })] }, 'grandchild result', 'a1 done', 'never'],
    });
    const events = await collect(parent(deep, { templates, maxDepth: 2, maxRuntimeAgents: 2 }).stream('x'));
    const analystRequests = requestsOf(deep, 'analyst');
    expect(analystRequests[0]!.tools!.map((t) => t.name)).toContain('spawn_agent');
    // The grandchild (depth 2) has no spawn_agent.
    expect(analystRequests[1]!.tools!.map((t) => t.name)).not.toContain('spawn_agent');
    const results = spawnResults(events);
    // a1 and a2 used the ceiling of 2; the parent's third spawn is refused.
    expect(results.map((e) => e.status)).toEqual(['ok', 'ok', 'error']);
    expect(textOf(results[2]!.content)).toContain('[run.max_runtime_agents]');
  });

  it("carves the child's budget from what the run has left, and refuses when nothing is left", async () => {
    // Parent budget $1; the first call costs $0.2 ($1 per million tokens × 200k), leaving $0.8; the child gets half: $0.4.
    const big = { usage: { inputTokens: 200_000, outputTokens: 0 } };
    const provider = router({
      parent: [{ toolCalls: [spawn({})], ...big }, 'parent done'],
      analyst: [{ toolCalls: [{ name: 'search' }], usage: { inputTokens: 300_000, outputTokens: 0 } }, { toolCalls: [{ name: 'search' }], usage: { inputTokens: 300_000, outputTokens: 0 } }, 'never'],
    });
    const events = await collect(parent(provider, { templates }, { budget: { costUsd: 1 } }).stream('x'));
    const end = ofType(events, 'subagent').find((e) => e.phase === 'end')!;
    expect(end.stopReason).toBe('budget');
    const childEnd = ofType(events, 'tool_result').find((e) => e.name === 'spawn_agent')!;
    expect(textOf(childEnd.content)).toContain('the cost budget of $0.4 was reached');

    const steps = router({ parent: [{ toolCalls: [spawn({})] }, 'ok'] });
    const refused = await collect(parent(steps, { templates }, { budget: { steps: 2 } }).stream('x'));
    const text = textOf(ofType(refused, 'tool_result').find((e) => e.name === 'spawn_agent')!.content);
    expect(text).toContain('[run.spawn_refused]');
    expect(text).toContain('no steps budget left');
  });

  it("a spawned agent's output taints the parent when it read untrusted content", async () => {
    const provider = router({ parent: [{ toolCalls: [spawn({})] }, 'ok'], analyst: [{ toolCalls: [{ name: 'fetch_page' }] }, 'summary of the page'] });
    const hooks = { afterTool: (ctx: { call: { name: string } }) => (ctx.call.name === 'fetch_page' ? { taint: { source: 'tool:fetch_page', reason: 'web page' } } : undefined) };
    const result = await parent(provider, { templates }, { hooks }).run('x');
    expect(result.tainted).toBe(true);
    expect(result.taintSources.map((t) => t.source)).toContain('subagent:a1');
  });

  it('refuses bad configuration', () => {
    const provider = scriptedProvider(['x']);
    expect(() => createAgent({ provider, runtimeAgents: { templates: {} } })).toThrow(/at least one template/);
    expect(() => createAgent({ provider, runtimeAgents: { templates, maxRuntimeAgents: 101 } })).toThrow(/0 to 100/);
    expect(() => createAgent({ provider, runtimeAgents: { templates, maxDepth: 4 } })).toThrow(/1 to 3/);
    expect(() => createAgent({ provider, runtimeAgents: { templates: { t: { description: 'd', tools: [], budgetShare: 2 } } } })).toThrow(/budgetShare/);
    expect(() => createAgent({ provider, tools: [makeTool('spawn_agent', () => '')], runtimeAgents: { templates } })).toThrow(/two tools are named/);
  });
});

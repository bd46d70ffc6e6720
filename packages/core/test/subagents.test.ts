import { describe, expect, it } from 'vitest';
import { textOf, type ModelRequest, type ToolResultPart } from '@warden/protocol';
import { recordingGate, scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { collect, makeTool, ofType } from './helpers.js';

/** Routes requests: the parent's (system "parent") from one script, each child's by its system prompt. */
function router(scripts: Record<string, ScriptedTurn[]>) {
  const queues = new Map(Object.entries(scripts).map(([k, v]) => [k, [...v]]));
  const respond = (request: ModelRequest): ScriptedTurn => {
    const system = textOf(request.messages[0]!);
    const queue = queues.get(system);
    if (!queue) throw new Error(`no script for ${system}`);
    return queue.shift() ?? 'script exhausted';
  };
  return scriptedProvider(Array.from({ length: 40 }, () => respond), { pricePerMillion: { input: 1, output: 1 } });
}

const search = makeTool('search', (args) => `results for ${String(args.q)}`);

describe('sub-agents', () => {
  it('a delegate tool appears; the child starts clean and its usage and cost roll up', async () => {
    const parentUsage = { inputTokens: 100, outputTokens: 10 };
    const childUsage = { inputTokens: 1000, outputTokens: 10 };
    const provider = router({
      parent: [
        { toolCalls: [{ name: 'delegate', args: { agent: 'researcher', task: 'find X' } }], usage: parentUsage, costUsd: 0.25 },
        { text: 'parent done', usage: parentUsage, costUsd: 0.25 },
      ],
      research: [
        { toolCalls: [{ name: 'search', args: { q: 'X' } }], usage: childUsage, costUsd: 0.5 },
        { text: 'X is 42', usage: childUsage, costUsd: 0.5 },
      ],
    });
    const agent = createAgent({
      provider,
      system: 'parent',
      tools: [search],
      subagents: { researcher: { description: 'looks things up', system: 'research', tools: ['search'] } },
    });
    const events = await collect(agent.stream('secret parent context'));
    const parentRun = events[0]!.runId;
    const delegateResult = ofType(events, 'tool_result').find((e) => e.runId === parentRun)!;
    expect(delegateResult).toMatchObject({ name: 'delegate', status: 'ok' });
    expect(textOf(delegateResult.content)).toBe('X is 42');
    const sub = ofType(events, 'subagent');
    expect(sub.map((e) => e.phase)).toEqual(['start', 'end']);
    expect(sub[1]).toMatchObject({ agent: 'researcher', stopReason: 'done' });
    // the child's tool events are forwarded with the child's run id
    expect(ofType(events, 'tool_result').some((e) => e.runId === sub[0]!.childRunId && e.name === 'search')).toBe(true);

    const childRequests = provider.requests.filter((r) => textOf(r.messages[0]!) === 'research');
    expect(childRequests[0]!.messages.map((m) => textOf(m))).toEqual(['research', 'find X']);
    expect(JSON.stringify(childRequests)).not.toContain('secret parent context');
    expect(childRequests[0]!.tools?.map((t) => t.name)).toEqual(['search']);

    // parent: 2 calls at $0.25 and 100 input tokens; child: 2 calls at $0.5 and 1000 input tokens
    const end = ofType(events, 'run_end').find((e) => e.runId === parentRun)!;
    expect(end.costUsd).toBeCloseTo(1.5, 10);
    expect(end.usage.inputTokens).toBe(2200);
    expect(end.usage.outputTokens).toBe(40);
  });

  it('a sub-agent is denied a tool its parent lacks, and cannot delegate further', async () => {
    const provider = router({
      parent: [{ toolCalls: [{ name: 'delegate', args: { agent: 'worker', task: 'clean up' } }] }, 'ok'],
      worker: [{ toolCalls: [{ name: 'shell' }, { name: 'delegate', args: { agent: 'worker', task: 'recurse' } }] }, 'could not'],
    });
    const agent = createAgent({
      provider,
      system: 'parent',
      tools: [search],
      subagents: { worker: { description: 'does work', system: 'worker', tools: ['search', 'shell', 'delegate'] } },
    });
    const events = await collect(agent.stream('x'));
    const childResults = ofType(events, 'tool_result').filter((e) => e.runId !== events[0]!.runId);
    expect(childResults.map((e) => [e.name, e.status])).toEqual([
      ['shell', 'unknown_tool'],
      ['delegate', 'unknown_tool'],
    ]);
    const childRequest = provider.requests.find((r) => textOf(r.messages[0]!) === 'worker')!;
    expect(childRequest.tools?.map((t) => t.name)).toEqual(['search']);
    expect(ofType(events, 'warning').some((w) => w.code === 'core.subagent_tools_narrowed' && w.message.includes('shell'))).toBe(true);
  });

  it('children have their own ceilings and run in parallel under the cap', async () => {
    let running = 0;
    let peak = 0;
    const slow = makeTool('slow', async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 10));
      running -= 1;
      return 'ok';
    });
    const loop = { toolCalls: [{ name: 'slow' }] };
    const provider = router({
      parent: [
        { toolCalls: [{ name: 'delegate', args: { agent: 'w', task: 'one' } }, { name: 'delegate', args: { agent: 'w', task: 'two' } }] },
        'both done',
      ],
      w: [loop, loop, 'wrap a', 'wrap b'],
    });
    const result = await createAgent({
      provider,
      system: 'parent',
      tools: [slow],
      concurrency: 2,
      subagents: { w: { description: 'worker', system: 'w', tools: ['slow'], maxTurns: 1 } },
    }).run('x');
    expect(result.output).toBe('both done');
    expect(peak).toBe(2);
    expect(result.toolCalls.map((c) => c.status)).toEqual(['ok', 'ok']);
  });

  it("the child's calls go through the parent's gate", async () => {
    const gate = recordingGate({ search: 'deny' });
    const provider = router({
      parent: [{ toolCalls: [{ name: 'delegate', args: { agent: 'r', task: 't' } }] }, 'ok'],
      r: [{ toolCalls: [{ name: 'search', args: { q: 'q' } }] }, 'denied, sorry'],
    });
    const events = await collect(createAgent({ provider, system: 'parent', tools: [search], gate, subagents: { r: { description: 'd', system: 'r', tools: ['search'] } } }).stream('x'));
    expect(gate.decisions.map((d) => d.call.name)).toEqual(['delegate', 'search']);
    const child = ofType(events, 'tool_result').find((e) => e.name === 'search')!;
    expect(child.status).toBe('denied');
    const delegated = provider.requests.at(-1)!.messages.at(-1)!.parts[0] as ToolResultPart;
    expect(textOf(delegated.content)).toBe('denied, sorry');
  });

  it('parallel children queue for a person approver instead of prompting at once', async () => {
    let open = 0;
    let peak = 0;
    let asked = 0;
    const person = {
      specificationVersion: 'v1' as const,
      kind: 'person' as const,
      async approve() {
        asked += 1;
        open += 1;
        peak = Math.max(peak, open);
        await new Promise((r) => setTimeout(r, 5));
        open -= 1;
        return { outcome: 'approved' as const };
      },
    };
    const write = makeTool('write', () => 'written', { annotations: { mutating: true } });
    const provider = router({
      parent: [{ toolCalls: [{ name: 'delegate', args: { agent: 'w', task: 'a' } }, { name: 'delegate', args: { agent: 'w', task: 'b' } }] }, 'ok'],
      w: [{ toolCalls: [{ name: 'write' }] }, { toolCalls: [{ name: 'write' }] }, 'done a', 'done b'],
    });
    await createAgent({ provider, system: 'parent', tools: [write], approver: person, subagents: { w: { description: 'w', system: 'w', tools: ['write'] } } }).run('x');
    expect(asked).toBe(2);
    expect(peak).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { textOf, ToolError, type ToolResultPart } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { assertValidEvents, collect, deferred, makeTool, ofType } from './helpers.js';

function lastToolResults(messages: readonly { role: string; parts: readonly unknown[] }[]): ToolResultPart[] {
  const tool = [...messages].reverse().find((m) => m.role === 'tool');
  return (tool?.parts ?? []) as ToolResultPart[];
}

describe('the loop', () => {
  it('answers without tools and reports usage, steps and events', async () => {
    const provider = scriptedProvider(['Hello there, human.'], { pricePerMillion: { input: 1, output: 2 } });
    const agent = createAgent({ provider, system: 'Be brief.' });
    const events = await collect(agent.stream('hi'));
    assertValidEvents(events);
    expect(events.map((e) => e.type)).toEqual(['run_start', 'step_start', 'text_delta', 'text_delta', 'text_delta', 'usage', 'assistant_message', 'run_end']);
    expect(ofType(events, 'text_delta').map((e) => e.text).join('')).toBe('Hello there, human.');
    const end = ofType(events, 'run_end')[0]!;
    expect(end).toMatchObject({ stopReason: 'done', output: 'Hello there, human.', steps: 1 });
    expect(end.costUsd).toBeGreaterThan(0);
    const runIds = new Set(events.map((e) => e.runId));
    expect(runIds.size).toBe(1);
    expect(events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(provider.requests[0]!.messages[0]).toEqual({ role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] });
  });

  it('run() is stream() drained: same result, onEvent sees the same events', async () => {
    const seen: string[] = [];
    const agent = createAgent({ provider: scriptedProvider([{ thinking: 'hmm', text: 'done' }]) });
    const result = await agent.run('x', { onEvent: (e) => seen.push(e.type) });
    expect(result).toMatchObject({ output: 'done', stopReason: 'done', steps: 1, toolCalls: [], tainted: false });
    expect(seen).toContain('thinking_delta');
    expect(seen.at(-1)).toBe('run_end');
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('turns a tool\'s progress notices into tool_progress events', async () => {
    const tool = makeTool('slow_count', (_args, ctx) => {
      ctx.emit({ type: 'progress', message: 'counted 1 of 2' });
      ctx.emit({ type: 'progress', message: 'counted 2 of 2' });
      return 'two';
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'slow_count', id: 'p1' }] }, 'done']);
    const events = await collect(createAgent({ provider, tools: [tool] }).stream('count'));
    assertValidEvents(events);
    expect(ofType(events, 'tool_progress').map((e) => [e.callId, e.name, e.message, e.step])).toEqual([
      ['p1', 'slow_count', 'counted 1 of 2', 1],
      ['p1', 'slow_count', 'counted 2 of 2', 1],
    ]);
  });

  it('uses complete() when streaming is off', async () => {
    const agent = createAgent({ provider: scriptedProvider(['plain']), streaming: false });
    const events = await collect(agent.stream('x'));
    expect(ofType(events, 'text_delta')).toHaveLength(0);
    expect(ofType(events, 'run_end')[0]!.output).toBe('plain');
  });

  it('runs a tool and feeds its result back', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 'add', args: { a: 2, b: 3 } }] }, 'the sum is 5']);
    const add = makeTool('add', (args) => String(Number(args.a) + Number(args.b)), {
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    });
    const result = await createAgent({ provider, tools: [add] }).run('add');
    expect(result.output).toBe('the sum is 5');
    expect(result.toolCalls).toEqual([{ id: 'call_0_0', name: 'add', args: { a: 2, b: 3 }, status: 'ok', decision: expect.objectContaining({ effect: 'allow', rule: 'core.default' }) }]);
    const second = provider.requests[1]!;
    expect(second.tools?.map((t) => t.name)).toEqual(['add']);
    expect(second.messages.at(-1)).toEqual({ role: 'tool', parts: [{ type: 'tool_result', callId: 'call_0_0', name: 'add', content: [{ type: 'text', text: '5' }], isError: false }] });
  });

  it('runs parallel calls concurrently and appends results in the order the model asked', async () => {
    const gates = { a: deferred(), b: deferred(), c: deferred() };
    const started: string[] = [];
    const slow = makeTool('slow', async (args) => {
      const key = String(args.key) as 'a' | 'b' | 'c';
      started.push(key);
      if (started.length === 3) {
        // finish out of order: c, then a, then b
        gates.c.resolve();
        setImmediate(() => gates.a.resolve());
        setTimeout(() => gates.b.resolve(), 5);
      }
      await gates[key].promise;
      return `done ${key}`;
    });
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'slow', args: { key: 'a' } }, { name: 'slow', args: { key: 'b' } }, { name: 'slow', args: { key: 'c' } }] },
      'ok',
    ]);
    const events = await collect(createAgent({ provider, tools: [slow], concurrency: 3 }).stream('go'));
    expect(started.sort()).toEqual(['a', 'b', 'c']);
    const finishedOrder = ofType(events, 'tool_result').map((e) => textOf(e.content));
    expect(finishedOrder).toEqual(['done c', 'done a', 'done b']);
    const sent = lastToolResults(provider.requests[1]!.messages);
    expect(sent.map((p) => textOf(p.content))).toEqual(['done a', 'done b', 'done c']);
  });

  it('respects the concurrency cap', async () => {
    let running = 0;
    let peak = 0;
    const tool = makeTool('t', async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      return 'ok';
    });
    const calls = Array.from({ length: 6 }, () => ({ name: 't' }));
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: calls }, 'fin']), tools: [tool], concurrency: 2 }).run('x');
    expect(peak).toBe(2);
    expect(result.toolCalls.map((c) => c.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  });

  it('turns a thrown exception into an error result the model reads', async () => {
    const boom = makeTool('boom', () => {
      throw new Error('disk on fire');
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'boom' }] }, 'sorry']);
    const result = await createAgent({ provider, tools: [boom] }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.toolCalls[0]!.status).toBe('error');
    const sent = lastToolResults(provider.requests[1]!.messages)[0]!;
    expect(sent.isError).toBe(true);
    expect(textOf(sent.content)).toContain('disk on fire');
  });

  it('a thrown WardenError reaches the model with its code and hint', async () => {
    const jailed = makeTool('read_file', () => {
      throw new ToolError({ code: 'tool.path_outside_workspace', message: 'path ../x is outside the workspace', hint: 'Use a path inside the workspace.' });
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'read_file' }] }, 'ok']);
    await createAgent({ provider, tools: [jailed] }).run('x');
    const text = textOf(lastToolResults(provider.requests[1]!.messages)[0]!.content);
    expect(text).toContain('[tool.path_outside_workspace]');
    expect(text).toContain('Hint: Use a path inside the workspace.');
  });

  it('a tool returning isError is an error result', async () => {
    const soft = makeTool('soft', () => ({ content: 'no such file', isError: true }));
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'soft' }] }, 'ok']), tools: [soft] }).run('x');
    expect(result.toolCalls[0]!.status).toBe('error');
  });

  it('times out a hanging tool, cancels its signal and goes on', async () => {
    let aborted = false;
    const hang = makeTool(
      'hang',
      (_args, ctx) =>
        new Promise<string>(() => {
          ctx.signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
      { timeoutMs: 20 },
    );
    const provider = scriptedProvider([{ toolCalls: [{ name: 'hang' }] }, 'moving on']);
    const events = await collect(createAgent({ provider, tools: [hang] }).stream('x'));
    const result = ofType(events, 'tool_result')[0]!;
    expect(result.status).toBe('timeout');
    expect(textOf(result.content)).toContain('timed out after 20 ms');
    expect(aborted).toBe(true);
    expect(ofType(events, 'run_end')[0]!.output).toBe('moving on');
  });

  it('the agent-wide toolTimeoutMs applies when the tool has none', async () => {
    const hang = makeTool('hang', () => new Promise<string>(() => undefined));
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'hang' }] }, 'ok']), tools: [hang], toolTimeoutMs: 15 }).run('x');
    expect(result.toolCalls[0]!.status).toBe('timeout');
  });

  it('rejects invalid arguments with a result the model can read, without running the tool', async () => {
    let ran = false;
    const typed = makeTool(
      'typed',
      () => {
        ran = true;
        return 'x';
      },
      { inputSchema: { type: 'object', properties: { path: { type: 'string' }, n: { type: 'integer' } }, required: ['path'], additionalProperties: false } },
    );
    const provider = scriptedProvider([{ toolCalls: [{ name: 'typed', args: { n: 1.5, extra: true } }] }, 'fixed']);
    const result = await createAgent({ provider, tools: [typed] }).run('x');
    expect(ran).toBe(false);
    expect(result.toolCalls[0]!.status).toBe('invalid');
    const text = textOf(lastToolResults(provider.requests[1]!.messages)[0]!.content);
    expect(text).toContain('path is required');
    expect(text).toContain('n must be integer');
    expect(text).toContain('extra is not an allowed argument');
  });

  it("uses the tool's own validate when present (and its normalised args)", async () => {
    const seen: unknown[] = [];
    const v = makeTool('v', (args) => {
      seen.push(args);
      return 'ok';
    }, {
      validate: (args) => (typeof args.q === 'string' ? { ok: true, args: { q: args.q.trim() } } : { ok: false, message: 'q must be a string' }),
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'v', args: { q: '  hi ' } }, { name: 'v', args: { q: 3 } }] }, 'ok']);
    const result = await createAgent({ provider, tools: [v] }).run('x');
    expect(seen).toEqual([{ q: 'hi' }]);
    expect(result.toolCalls.map((c) => c.status)).toEqual(['ok', 'invalid']);
  });

  it('an unknown tool becomes an error result naming the tools that exist', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 'nope' }] }, 'ok']);
    const result = await createAgent({ provider, tools: [makeTool('real', () => 'r')] }).run('x');
    expect(result.toolCalls[0]!.status).toBe('unknown_tool');
    expect(textOf(lastToolResults(provider.requests[1]!.messages)[0]!.content)).toContain('Available tools: real');
  });

  it('a provider failure ends the run with stopReason error and the code', async () => {
    const { ProviderError } = await import('@warden/protocol');
    const provider = scriptedProvider([new ProviderError({ code: 'provider.rate_limited', message: 'slow down', provider: 'scripted', retryable: true })]);
    const result = await createAgent({ provider }).run('x');
    expect(result.stopReason).toBe('error');
    expect(result.error).toEqual({ code: 'provider.rate_limited', message: 'slow down' });
  });

  it('a stream without a finish part is a provider.bad_response error', async () => {
    const provider = {
      ...scriptedProvider([]),
      async *stream() {
        yield { type: 'text_delta' as const, text: 'half' };
      },
    };
    const result = await createAgent({ provider }).run('x');
    expect(result.error?.code).toBe('provider.bad_response');
  });

  it('forwards provider notices as events', async () => {
    const base = scriptedProvider(['ok']);
    const provider = {
      ...base,
      stream: (request: Parameters<typeof base.stream>[0], options?: Parameters<typeof base.stream>[1]) => {
        options?.onNotice?.({ type: 'retry', provider: 'scripted', attempt: 1, delayMs: 10, reason: '429' });
        return base.stream(request, options);
      },
    };
    const events = await collect(createAgent({ provider }).stream('x'));
    expect(ofType(events, 'provider_notice')[0]!.notice).toMatchObject({ type: 'retry', attempt: 1 });
  });

  it('nothing is emitted after run_end, even by a tool that outlived its timeout', async () => {
    const seen: string[] = [];
    let late: (() => void) | undefined;
    const lingering = makeTool('linger', (_a, ctx) => {
      late = () => ctx.emit({ type: 'warning', message: 'still here' });
      return new Promise<string>(() => undefined);
    }, { timeoutMs: 5 });
    const agent = createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'linger' }] }, 'done']), tools: [lingering] });
    await agent.run('x', { onEvent: (e) => seen.push(e.type) });
    late?.();
    expect(seen.at(-1)).toBe('run_end');
    expect(seen).not.toContain('warning');
  });

  it('tool warnings become warning events', async () => {
    const warn = makeTool('warn', (_a, ctx) => {
      ctx.emit({ type: 'warning', message: 'output truncated' });
      return 'ok';
    });
    const events = await collect(createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'warn' }] }, 'ok']), tools: [warn] }).stream('x'));
    expect(ofType(events, 'warning')[0]).toMatchObject({ code: 'tool.warning', message: 'warn: output truncated' });
  });
});

import { describe, expect, it } from 'vitest';
import { emptyUsage, type JsonObject, type ModelRequest, type ModelResponse, type ProviderV1, type RunEvent, type StreamPart } from '@warden/protocol';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool, ofType } from './helpers.js';

/** A provider that answers from a list, as objects as they are (no copies of the requests). */
function listProvider(answers: ModelResponse['message'][]): ProviderV1 & { calls: number } {
  const respond = (_request: ModelRequest): ModelResponse => {
    const message = answers[provider.calls] ?? { role: 'assistant', parts: [{ type: 'text', text: 'end' }] };
    provider.calls += 1;
    return { message, usage: emptyUsage(), finishReason: 'stop', provider: 'list', model: 'list-model' };
  };
  const provider = {
    specificationVersion: 'v1' as const,
    id: 'list',
    model: 'list-model',
    calls: 0,
    complete: async (request: ModelRequest) => respond(request),
    async *stream(request: ModelRequest): AsyncGenerator<StreamPart> {
      yield { type: 'finish', response: respond(request) };
    },
  };
  return provider;
}

describe('step paths', () => {
  it('without a session store no call record is built (arguments a record could not copy do not matter)', async () => {
    // A value structuredClone refuses: building a tool_call record for this call would throw.
    const args = { n: 1, note: () => 'not data' } as unknown as JsonObject;
    const provider = listProvider([{ role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 't', args }] }]);
    const result = await createAgent({ provider, tools: [makeTool('t', () => 'ran')] }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.toolCalls.map((c) => [c.id, c.status])).toEqual([['c1', 'ok']]);
  });

  it('with a session store every decided call is still recorded, with its decision', async () => {
    const store = memorySessionStore();
    const provider = scriptedProvider([{ toolCalls: [{ name: 't', id: 'a' }, { name: 'missing', id: 'b' }] }, 'done']);
    await createAgent({ provider, tools: [makeTool('t', () => 'ran')], session: { store, id: 's' } }).run('x');
    const calls = (await store.load('s')).records.flatMap((r) => (r.type === 'tool_call' ? [r] : []));
    expect(calls.map((r) => r.call.id)).toEqual(['a', 'b']);
    expect(calls[0]!.decision?.rule).toBe('core.default');
    expect(calls[1]!.decision).toBeUndefined();
  });

  it('every request carries the system prompt first, the same text at every step', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'done']);
    await createAgent({ provider, system: 'be brief', tools: [makeTool('t', () => 'ok')] }).run('x');
    expect(provider.requests).toHaveLength(2);
    for (const request of provider.requests) expect(request.messages[0]).toEqual({ role: 'system', parts: [{ type: 'text', text: 'be brief' }] });
  });

  it('a synchronous tool that aborts the run gets an interrupted result, and its signal reads as aborted', async () => {
    const controller = new AbortController();
    let seen: boolean | undefined;
    const tool = makeTool('t', (_a, ctx) => {
      controller.abort();
      seen = ctx.signal.aborted;
      return 'finished anyway';
    });
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't', id: 'a' }] }, 'never']), tools: [tool] }).run('x', {
      signal: controller.signal,
    });
    expect(seen).toBe(true);
    expect(result.stopReason).toBe('aborted');
    expect(result.toolCalls.map((c) => c.status)).toEqual(['interrupted']);
  });

  it('a tool that first reads its signal after timing out gets an aborted signal', async () => {
    let seen: boolean | undefined;
    const tool = makeTool(
      't',
      (_a, ctx) =>
        new Promise<string>((resolve) =>
          setTimeout(() => {
            seen = ctx.signal.aborted;
            resolve('late');
          }, 60),
        ),
      { timeoutMs: 10 },
    );
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'ok']), tools: [tool] }).run('x');
    expect(result.toolCalls[0]!.status).toBe('timeout');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(seen).toBe(true);
  });

  it('stream(): return() before the first next() never starts the run', async () => {
    const provider = scriptedProvider(['never']);
    const stream = createAgent({ provider }).stream('x')[Symbol.asyncIterator]();
    expect(await stream.return?.()).toEqual({ done: true, value: undefined });
    expect(await stream.next()).toEqual({ done: true, value: undefined });
    expect(provider.requests).toHaveLength(0);
  });

  it('stream(): next() calls made at once get the events in order, then the result', async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'done']);
    const stream = createAgent({ provider, tools: [makeTool('t', () => 'ok')] }).stream('x')[Symbol.asyncIterator]();
    const steps: IteratorResult<RunEvent, unknown>[] = await Promise.all(Array.from({ length: 40 }, () => stream.next()));
    const events = steps.flatMap((s) => (s.done ? [] : [s.value]));
    const end = steps.find((s) => s.done && s.value !== undefined);
    expect(events[0]!.type).toBe('run_start');
    expect(events.at(-1)!.type).toBe('run_end');
    expect(ofType(events, 'tool_result')).toHaveLength(1);
    expect(end?.value).toMatchObject({ stopReason: 'done', output: 'done' });
    expect(steps.indexOf(end!)).toBe(events.length);
  });
});

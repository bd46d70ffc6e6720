import { describe, expect, it } from 'vitest';
import { textOf, type ToolResultPart } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { collect, deferred, makeTool, ofType } from './helpers.js';

describe('abort', () => {
  it('an already-aborted signal stops before the first model call', async () => {
    const provider = scriptedProvider(['never']);
    const result = await createAgent({ provider }).run('x', { signal: AbortSignal.abort() });
    expect(result.stopReason).toBe('aborted');
    expect(provider.requests).toHaveLength(0);
  });

  it('mid-stream: the provider call is cancelled and the partial message is not kept', async () => {
    const controller = new AbortController();
    const provider = scriptedProvider(['a long answer that streams slowly, chunk by chunk'], { chunkSize: 4, chunkDelayMs: 5 });
    const events: string[] = [];
    const result = await createAgent({ provider }).run('x', {
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e.type);
        if (e.type === 'text_delta' && events.filter((t) => t === 'text_delta').length === 2) controller.abort();
      },
    });
    expect(result.stopReason).toBe('aborted');
    expect(result.messages.map((m) => m.role)).toEqual(['user']);
    expect(events.filter((t) => t === 'text_delta').length).toBeLessThan(12);
    expect(events.at(-1)).toBe('run_end');
  });

  it('mid-stream with a provider that ignores the signal still stops', async () => {
    const controller = new AbortController();
    const stuck = {
      ...scriptedProvider([]),
      async *stream() {
        yield { type: 'text_delta' as const, text: 'x' };
        await new Promise(() => undefined);
      },
    };
    const promise = createAgent({ provider: stuck }).run('x', {
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === 'text_delta') controller.abort();
      },
    });
    expect((await promise).stopReason).toBe('aborted');
  });

  it('mid-tool: a started call gets an explicit interrupted result, an unstarted one a not-started result', async () => {
    const controller = new AbortController();
    const started = deferred();
    let sawAbort = false;
    const wait = makeTool('wait', (_a, ctx) => {
      started.resolve();
      return new Promise<string>((resolve) => {
        ctx.signal.addEventListener('abort', () => {
          sawAbort = true;
          resolve('too late');
        });
      });
    });
    const provider = scriptedProvider([{ text: 'starting', toolCalls: [{ name: 'wait', id: 'w1' }, { name: 'wait', id: 'w2' }] }, 'never asked']);
    void started.promise.then(() => controller.abort());
    const events = await collect(createAgent({ provider, tools: [wait], concurrency: 1 }).stream('x', { signal: controller.signal }));
    const end = ofType(events, 'run_end')[0]!;
    expect(end.stopReason).toBe('aborted');
    expect(end.output).toBe('starting');
    expect(sawAbort).toBe(true);
    expect(provider.requests).toHaveLength(1);
    const results = ofType(events, 'tool_result');
    expect(results.map((r) => [r.callId, r.status])).toEqual([
      ['w1', 'interrupted'],
      ['w2', 'not_started'],
    ]);
    expect(textOf(results[0]!.content)).toContain('interrupted');
    expect(textOf(results[1]!.content)).toContain('not started');
  });

  it('the transcript of an aborted run never holds a call without a result', async () => {
    const controller = new AbortController();
    const tool = makeTool('t', () => {
      controller.abort();
      return new Promise<string>(() => undefined);
    });
    const result = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 't', id: 'a' }] }]), tools: [tool] }).run('x', { signal: controller.signal });
    const calls = result.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call').map((p) => p.id));
    const results = result.messages.flatMap((m) => m.parts.filter((p): p is ToolResultPart => p.type === 'tool_result').map((p) => p.callId));
    expect(calls).toEqual(['a']);
    expect(results).toEqual(['a']);
  });

  it('breaking out of stream() aborts the run', async () => {
    let toolSignal: AbortSignal | undefined;
    const tool = makeTool('t', (_a, ctx) => {
      toolSignal = ctx.signal;
      return new Promise<string>((resolve) => ctx.signal.addEventListener('abort', () => resolve('stopped')));
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 't' }] }, 'never']);
    for await (const event of createAgent({ provider, tools: [tool] }).stream('x')) {
      if (event.type === 'tool_call') break;
    }
    expect(toolSignal?.aborted).toBe(true);
    expect(provider.requests).toHaveLength(1);
  });

  it('a wide step (16 calls at once) is not mistaken for a listener leak', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w);
    };
    process.on('warning', onWarning);
    try {
      const tool = makeTool('t', () => new Promise<string>((r) => setTimeout(() => r('ok'), 5)));
      const calls = Array.from({ length: 16 }, () => ({ name: 't' }));
      const result = await createAgent({ provider: scriptedProvider([{ toolCalls: calls }, 'done']), tools: [tool], concurrency: 16 }).run('x', {
        signal: new AbortController().signal,
      });
      expect(result.toolCalls).toHaveLength(16);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a 200-step run adds no listener per step (no MaxListenersExceededWarning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w);
    };
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      const script = Array.from({ length: 200 }, (_, i) => ({ text: `step ${i}`, toolCalls: [{ name: 'noop' }] }));
      const provider = scriptedProvider([...script, 'finished'], { chunkDelayMs: 0 });
      const result = await createAgent({ provider, tools: [makeTool('noop', () => 'ok')], maxTurns: 500 }).run('x', { signal: controller.signal });
      expect(result.steps).toBe(201);
      expect(result.stopReason).toBe('done');
      // let any deferred process warning surface
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { assertValidEvents, collect, deferred, makeTool, ofType } from './helpers.js';

describe('stop drains, abort cancels', () => {
  it('stop during a tool: the tool finishes and is recorded, no new step starts, stopReason stopped', async () => {
    const started = deferred();
    const release = deferred();
    let finished = 0;
    const slow = makeTool('slow', async () => {
      started.resolve();
      await release.promise;
      finished += 1;
      return 'slow work done';
    });
    const store = memorySessionStore();
    const provider = scriptedProvider([
      { text: 'working', toolCalls: [{ name: 'slow', args: { n: 1 } }, { name: 'slow', args: { n: 2 } }] },
      { toolCalls: [{ name: 'slow', args: { n: 3 } }] },
      'never asked',
    ]);
    const stop = new AbortController();
    const abort = new AbortController();
    const stream = createAgent({ provider, tools: [slow], session: { store } }).stream('go', { signal: abort.signal, stopSignal: stop.signal });
    const collecting = collect(stream);
    await started.promise;
    stop.abort('the customer withdrew the request');
    release.resolve();
    const events = await collecting;
    assertValidEvents(events);
    // Both calls of the step in flight ran to the end and have ok results; the next step never started.
    expect(finished).toBe(2);
    expect(ofType(events, 'tool_result').map((e) => e.status)).toEqual(['ok', 'ok']);
    expect(provider.requests).toHaveLength(1);
    const end = ofType(events, 'run_end')[0]!;
    expect(end).toMatchObject({ stopReason: 'stopped', steps: 1, output: 'working' });
    // Recorded: the session holds both results and the run's meta says stopped.
    const sessionId = ofType(events, 'run_start')[0]!.sessionId!;
    const loaded = await store.load(sessionId);
    expect(loaded.records.filter((r) => r.type === 'tool_result')).toHaveLength(2);
    expect(loaded.records.find((r) => r.type === 'meta' && r.key === 'run')).toMatchObject({ value: { stopReason: 'stopped' } });
    // The conversation can be continued: nothing is left without a result.
    const next = await createAgent({ provider: scriptedProvider(['carried on']), tools: [slow], session: { store } }).resume(sessionId, { task: 'continue' });
    expect(next).toMatchObject({ stopReason: 'done', output: 'carried on' });
  });

  it('abort during a tool interrupts it (as today), and abort wins over a stop already draining', async () => {
    const started = deferred();
    const slow = makeTool('slow', async (_args, ctx) => {
      started.resolve();
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
      return 'cut short';
    });
    const stop = new AbortController();
    const abort = new AbortController();
    const provider = scriptedProvider([{ toolCalls: [{ name: 'slow', args: {} }] }, 'never']);
    const collecting = collect(createAgent({ provider, tools: [slow] }).stream('go', { signal: abort.signal, stopSignal: stop.signal }));
    await started.promise;
    stop.abort();
    abort.abort();
    const events = await collecting;
    expect(ofType(events, 'tool_result')[0]!.status).toBe('interrupted');
    expect(ofType(events, 'run_end')[0]!.stopReason).toBe('aborted');
  });

  it('a stop requested before the run starts ends it at once; without a stop the run goes on as usual', async () => {
    const stop = new AbortController();
    stop.abort();
    const provider = scriptedProvider(['never']);
    const result = await createAgent({ provider }).run('go', { stopSignal: stop.signal });
    expect(result).toMatchObject({ stopReason: 'stopped', steps: 0 });
    expect(provider.requests).toHaveLength(0);
    const unstopped = new AbortController();
    const normal = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'quick', args: {} }] }, 'all done']), tools: [makeTool('quick', () => 'q')] }).run('go', { stopSignal: unstopped.signal });
    expect(normal).toMatchObject({ stopReason: 'done', output: 'all done', steps: 2 });
  });

  it('a sub-agent running in the step drains too and its answer reaches the parent', async () => {
    const started = deferred();
    const release = deferred();
    const slow = makeTool('slow', async () => {
      started.resolve();
      await release.promise;
      return 'child work';
    });
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'delegate', args: { agent: 'helper', task: 'do it' } }] },
      // The child's first step: one slow call.
      { text: 'child says partial', toolCalls: [{ name: 'slow', args: {} }] },
      'never asked',
    ]);
    const stop = new AbortController();
    const collecting = collect(createAgent({ provider, tools: [slow], subagents: { helper: { description: 'helps', tools: ['slow'] } } }).stream('go', { stopSignal: stop.signal }));
    await started.promise;
    stop.abort();
    release.resolve();
    const events = await collecting;
    expect(ofType(events, 'subagent').find((e) => e.phase === 'end')).toMatchObject({ stopReason: 'stopped' });
    const delegated = ofType(events, 'tool_result').find((e) => e.name === 'delegate')!;
    expect(delegated).toMatchObject({ status: 'ok', isError: false });
    expect(ofType(events, 'run_end').at(-1)).toMatchObject({ stopReason: 'stopped' });
    expect(provider.requests).toHaveLength(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { SessionRecord, SessionStoreV1 } from '@warden/protocol';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

/** A real in-memory store whose appends are logged (record types per append). */
function loggedStore() {
  const inner = memorySessionStore();
  const appends: string[][] = [];
  const store: SessionStoreV1 = {
    ...inner,
    specificationVersion: 'v1',
    create: (init) => inner.create(init),
    load: (id, owner) => inner.load(id, owner),
    list: (query) => inner.list(query),
    delete: (id, owner) => inner.delete(id, owner),
    async append(id, records, options) {
      const result = await inner.append(id, records, options);
      appends.push(records.map((r: SessionRecord) => r.type));
      return result;
    },
  };
  return { store, inner, appends };
}

describe('group commit: a step goes out in few durable writes', () => {
  it('the assistant message and its tool calls are one append, stored before any tool runs', async () => {
    const { store, inner, appends } = loggedStore();
    const seenByTool: string[][] = [];
    const look = makeTool('look', async () => {
      seenByTool.push((await inner.load('s')).records.map((r) => r.type));
      return 'seen';
    });
    const provider = scriptedProvider([{ text: 'checking', toolCalls: [{ name: 'look', id: 'a' }, { name: 'look', id: 'b' }] }, 'done']);
    const result = await createAgent({ provider, tools: [look], session: { store, id: 's' } }).run('go');
    expect(result.stopReason).toBe('done');
    // The assistant message and both decisions in one append (the user message may join it too).
    const step = appends.find((types) => types.includes('tool_call'))!;
    expect(step.slice(-3)).toEqual(['message', 'tool_call', 'tool_call']);
    for (const seen of seenByTool) expect(seen.filter((t) => t === 'tool_call')).toHaveLength(2);
    expect(appends.flat().filter((t) => t === 'tool_result')).toHaveLength(2);
    expect(appends.length).toBeLessThanOrEqual(5);
    const loaded = await inner.load('s');
    // Each model call's charge (`meta` spend) goes out with the step's message; the run's end record is last.
    expect(loaded.records.map((r) => r.type)).toEqual(['header', 'message', 'meta', 'message', 'tool_call', 'tool_call', 'tool_result', 'tool_result', 'meta', 'message', 'meta']);
  });

  it('each step of a 6-step run costs at most three appends (decisions, results, and the next message joins the results)', async () => {
    const { store, appends } = loggedStore();
    const t = makeTool('t', () => 'ok');
    const script = [...Array.from({ length: 5 }, (_, i) => ({ toolCalls: [{ name: 't', id: `c${i}` }] })), 'finished'];
    const result = await createAgent({ provider: scriptedProvider(script), tools: [t], session: { store, id: 's' } }).run('go');
    expect(result.steps).toBe(6);
    expect(appends.length).toBeLessThanOrEqual(1 + 5 * 2 + 2);
  });

  it("a step's results are not awaited before the next model call, yet are stored before the next tool runs and before the run returns", async () => {
    const inner = memorySessionStore();
    const gates: Array<() => void> = [];
    let holdResults = true;
    // Appends that carry tool results wait until released: the model must be asked meanwhile.
    const store: SessionStoreV1 = {
      ...inner,
      specificationVersion: 'v1',
      create: (init) => inner.create(init),
      load: (id, owner) => inner.load(id, owner),
      list: (query) => inner.list(query),
      delete: (id, owner) => inner.delete(id, owner),
      async append(id, records, options) {
        if (holdResults && records.some((r) => r.type === 'tool_result')) await new Promise<void>((resolve) => gates.push(resolve));
        return inner.append(id, records, options);
      },
    };
    const storedWhenToolRan: number[] = [];
    const t = makeTool('t', async () => {
      storedWhenToolRan.push((await inner.load('s')).records.filter((r) => r.type === 'tool_result').length);
      return 'ok';
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 't', id: 'c1' }] }, { toolCalls: [{ name: 't', id: 'c2' }] }, 'done']);
    const running = createAgent({ provider, tools: [t], session: { store, id: 's' } }).run('go');
    // A generous wait: on a loaded machine the first step can take more than waitFor's 1 s default.
    await vi.waitFor(() => expect(provider.requests.length).toBe(2), { timeout: 15_000 });
    // The second model request went out before the first result was stored (its append is held,
    // or on a loaded machine not even started yet): the model call did not wait for it.
    expect((await inner.load('s')).records.filter((r) => r.type === 'tool_result')).toHaveLength(0);
    expect(gates.length).toBeLessThanOrEqual(1);
    holdResults = false;
    for (const release of gates) release();
    const result = await running;
    expect(result.stopReason).toBe('done');
    // The second tool ran only after the first result was stored; the run returned with both stored.
    expect(storedWhenToolRan).toEqual([0, 1]);
    expect((await inner.load('s')).records.filter((r) => r.type === 'tool_result')).toHaveLength(2);
  });
});

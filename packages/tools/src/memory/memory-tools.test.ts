import { memorySessionStore } from '@warden/protocol/testing';
import type { ToolContext, ToolV1 } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { memorySessionId, memoryStore } from './memory-store.js';
import { UNTRUSTED_FACT_MARK, memoryTools } from './memory-tools.js';

const ctx = (tainted: boolean): ToolContext => ({ signal: new AbortController().signal, callId: 'c', runId: 'run-1', tainted, emit: () => undefined });
const text = async (tool: ToolV1, args: Record<string, unknown>, tainted = false) => String(await tool.execute(tool.validate ? (tool.validate(args as never) as unknown as { args: never }).args : (args as never), ctx(tainted)));

describe('memory_remember and recall over the session store', () => {
  it('remembers with importance, decays one step per recall, and forgets what faded below the threshold', async () => {
    const store = memorySessionStore();
    const [remember, recall] = memoryTools(memoryStore({ store, owner: { userId: 'alice' }, halfLifeSteps: 2 }));
    await text(remember!, { key: 'test-command', fact: 'Run pnpm test.', importance: 1 });
    await text(remember!, { key: 'weather', fact: 'It was sunny.', importance: 0.4 });
    // Step 1: weather = 0.4 × 0.5^(1/2) ≈ 0.28, below the default 0.3.
    expect(await text(recall!, {})).toBe('- test-command (weight 0.71): Run pnpm test.');
    expect(await text(recall!, { threshold: 0.1, query: 'SUNNY' })).toBe('- weather (weight 0.20): It was sunny.');
  });

  it('marks what a tainted run remembered, and recall shows the mark', async () => {
    const store = memorySessionStore();
    const [remember, recall] = memoryTools(memoryStore({ store, owner: { userId: 'alice' } }));
    expect(await text(remember!, { key: 'deploy', fact: 'Always push to prod first.' }, true)).toContain('marked untrusted');
    expect(await text(recall!, {})).toContain(`${UNTRUSTED_FACT_MARK} Always push to prod first.`);
  });

  it('is owner-scoped and persisted: another owner sees nothing, a new store object over the same store sees the facts', async () => {
    const store = memorySessionStore();
    await memoryStore({ store, owner: { userId: 'alice' } }).remember('k', { fact: 'alice only', untrusted: false }, 1);
    const [, bobRecall] = memoryTools(memoryStore({ store, owner: { userId: 'bob' } }));
    expect(await text(bobRecall!, {})).toBe('No remembered facts match.');
    const again = await memoryStore({ store, owner: { userId: 'alice' } }).load();
    expect(again.get('k')).toMatchObject({ value: { fact: 'alice only', untrusted: false }, importance: 1 });
    expect(memorySessionId({ userId: 'alice' })).not.toBe(memorySessionId({ userId: 'bob' }));
    await expect(store.load(memorySessionId({ userId: 'alice' }), { userId: 'bob' })).rejects.toMatchObject({ code: 'session.not_found' });
  });

  it('holds the item limit with a typed error and stores nothing over it', async () => {
    const store = memorySessionStore();
    const memory = memoryStore({ store, maxItems: 1 });
    await memory.remember('a', { fact: 'one', untrusted: false }, 1);
    await expect(memory.remember('b', { fact: 'two', untrusted: false }, 1)).rejects.toMatchObject({ code: 'tool.memory_limit' });
    expect((await memory.load()).size).toBe(1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import { INTERFACE_VERSIONS, textOf, type Message, type SessionStoreV1, type ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { postgresSessionStore, sqliteSessionStore } from '@warden/sessions';
import { afterAll, describe, expect, it } from 'vitest';
import { EvalError, forkOf, replay, sessionSteps, sessionTimeline } from '../src/index.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'warden-eval-replay-'));
  dirs.push(dir);
  return dir;
};

/** A read-only lookup that counts its executions per order. */
function countingLookup(): { tool: ToolV1; executions: Map<string, number> } {
  const executions = new Map<string, number>();
  const tool: ToolV1 = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'lookup_order',
    description: 'The status of an order.',
    inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    annotations: { readOnly: true },
    execute: (args) => {
      const order = String(args.order);
      executions.set(order, (executions.get(order) ?? 0) + 1);
      return `order ${order}: shipped`;
    },
  };
  return { tool, executions };
}

const original = [
  { text: 'Looking up 1.', toolCalls: [{ name: 'lookup_order', args: { order: '1' } }] },
  { text: 'Looking up 2.', toolCalls: [{ name: 'lookup_order', args: { order: '2' } }] },
  { text: 'Looking up 3.', toolCalls: [{ name: 'lookup_order', args: { order: '3' } }] },
  'All three orders shipped.',
];

const toolResultsIn = (messages: readonly Message[]): string[] => messages.filter((m) => m.role === 'tool').flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_result' ? [textOf(p.content)] : [])));

async function replayScenario(store: SessionStoreV1): Promise<void> {
  const workdir = tempDir();
  const lookup = countingLookup();
  const first = await createHarness({ workdir, provider: scriptedProvider(original), tools: [lookup.tool], sessions: store, audit: false });
  const run = await first.run('Check orders 1, 2 and 3.');
  expect(run.stopReason).toBe('done');
  expect(run.steps).toBe(4);
  expect(Object.fromEntries(lookup.executions)).toEqual({ '1': 1, '2': 1, '3': 1 });
  const parentId = run.sessionId!;
  const parentBefore = await store.load(parentId);
  // The timeline a person picks the step from, read from the store's records.
  const timeline = sessionTimeline(parentBefore.records);
  expect(timeline.fork).toBeUndefined();
  expect(timeline.steps.map((s) => [s.step, s.task ?? null, s.text, s.calls.map((c) => `${c.name}(${String(c.args.order)}) → ${c.result?.text}`)])).toEqual([
    [1, 'Check orders 1, 2 and 3.', 'Looking up 1.', ['lookup_order(1) → order 1: shipped']],
    [2, null, 'Looking up 2.', ['lookup_order(2) → order 2: shipped']],
    [3, null, 'Looking up 3.', ['lookup_order(3) → order 3: shipped']],
    [4, null, 'All three orders shipped.', []],
  ]);

  // Replay from step 3 with a new task: steps 1 and 2 (orders 1 and 2) come from the record.
  const replayed = scriptedProvider([{ text: 'Looking up 4 instead.', toolCalls: [{ name: 'lookup_order', args: { order: '4' } }] }, 'Orders 1, 2 and 4 shipped.']);
  const events: string[] = [];
  const { fork, result } = await replay(parentId, {
    step: 3,
    task: 'Check order 4 instead of 3.',
    harness: { workdir, provider: replayed, tools: [lookup.tool], sessions: store, audit: false },
    onEvent: (event) => events.push(event.type === 'tool_result' ? `tool_result:${event.name}` : event.type),
  });
  expect(result.stopReason).toBe('done');
  expect(result.output).toBe('Orders 1, 2 and 4 shipped.');
  // The earlier calls were not run again: orders 1 and 2 still ran once; 3 was never asked for again; 4 ran once.
  expect(Object.fromEntries(lookup.executions)).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1 });
  expect(fork).toMatchObject({ parentId, step: 3, parentSteps: 4, reusedToolResults: 2 });
  expect(events.filter((e) => e === 'tool_result:lookup_order')).toHaveLength(1);

  // The model's first replayed request held the original task, steps 1–2 with their recorded results, and the new task.
  const request = replayed.requests[0]!;
  const users = request.messages.filter((m) => m.role === 'user').map((m) => textOf(m.parts));
  expect(users[0]).toContain('Check orders 1, 2 and 3.');
  expect(users.at(-1)).toContain('Check order 4 instead of 3.');
  expect(toolResultsIn(request.messages)).toEqual(['order 1: shipped', 'order 2: shipped']);

  // The fork is stored with a pointer to its parent and step; the parent is untouched.
  const stored = await store.load(fork.forkId);
  expect(forkOf(stored.records)).toEqual({ parent: parentId, step: 3 });
  const forked = sessionTimeline(stored.records);
  expect(forked.fork).toEqual({ parent: parentId, step: 3 });
  expect(forked.steps.map((s) => s.task ?? null)).toEqual(['Check orders 1, 2 and 3.', null, 'Check order 4 instead of 3.', null]);
  expect(sessionSteps(stored.records)).toHaveLength(4); // two reused steps + two new ones
  const parentAfter = await store.load(parentId);
  expect(parentAfter.version).toBe(parentBefore.version);
  expect(parentAfter.records).toEqual(parentBefore.records);
  const listed = await store.list({ limit: 50 });
  expect(listed.find((s) => s.id === fork.forkId)?.title).toBe(`fork of ${parentId} at step 3`);

  // Without a task, the model is asked again at step 3 with the same history.
  const again = scriptedProvider(['Orders 1 and 2 shipped; I stop here.']);
  const { result: resumed } = await replay(parentId, { step: 3, harness: { workdir, provider: again, tools: [lookup.tool], sessions: store, audit: false } });
  expect(resumed.output).toBe('Orders 1 and 2 shipped; I stop here.');
  expect(toolResultsIn(again.requests[0]!.messages)).toEqual(['order 1: shipped', 'order 2: shipped']);
  expect(Object.fromEntries(lookup.executions)).toEqual({ '1': 1, '2': 1, '3': 1, '4': 1 });

  // A step the session does not have is refused before anything is written.
  const count = (await store.list({ limit: 100 })).length;
  const refused = await replay(parentId, { step: 9, harness: { workdir, provider: scriptedProvider([]), sessions: store, audit: false } }).catch((error: unknown) => error);
  expect(EvalError.isInstance(refused) && refused.code).toBe('eval.invalid_step');
  expect((await store.list({ limit: 100 })).length).toBe(count);
}

describe('replay from step N as a fork', () => {
  it('against SQLite (a real file)', async () => {
    const store = sqliteSessionStore({ path: join(tempDir(), 'sessions.db'), tablePrefix: `eval_${Math.random().toString(36).slice(2, 8)}_` });
    try {
      await replayScenario(store);
    } finally {
      await store.close();
    }
  });

  it('against PostgreSQL (a real server)', async () => {
    const store = postgresSessionStore({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', tablePrefix: `eval_replay_${Math.random().toString(36).slice(2, 8)}_` });
    try {
      await replayScenario(store);
    } finally {
      await store.close();
    }
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSessionStore } from '@warden/sessions';
import type { SessionRecord } from '@warden/protocol';
import { createWorker, enqueue, status, watch, type FleetEvent, type FleetWorker } from '../src/index.js';
import { countTool } from './helpers/count-tool.mjs';
import { startFakeModel, type FakeModel } from './helpers/fake-model.js';
import { POSTGRES_URL, tempDir, testQueue } from './helpers/services.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(): Promise<{ q: ReturnType<typeof testQueue>; model: FakeModel; workdir: string; effects: string; worker: (extra?: object) => Promise<FleetWorker> }> {
  const q = testQueue();
  const model = await startFakeModel();
  const workdir = tempDir();
  const effects = path.join(workdir, 'effects.txt');
  writeFileSync(effects, '');
  cleanups.push(() => q.cleanup(), () => model.close());
  const worker = async (extra: object = {}): Promise<FleetWorker> => {
    const w = await createWorker({
      connection: q.connection,
      queue: q.queue,
      prefix: q.prefix,
      concurrency: 2,
      harness: {
        sessions: POSTGRES_URL,
        workdir,
        configs: { default: { provider: 'openai', baseUrl: model.url, model: 'fake', mode: 'yolo', streaming: false } },
        options: { tools: [countTool(effects)], env: { OPENAI_API_KEY: 'sk-test-fleet-0000000000000000' } },
      },
      ...extra,
    });
    cleanups.push(() => w.close());
    return w;
  };
  return { q, model, workdir, effects, worker };
}

async function until(events: FleetEvent[], done: (events: FleetEvent[]) => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done(events)) {
    if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(events.slice(-5))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('createWorker (in process, real Redis and PostgreSQL)', () => {
  it('runs jobs through the harness and reports results through QueueEvents', async () => {
    const { q, effects, worker } = await setup();
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());
    await worker();
    const receipts = await enqueue([1, 2, 3].map((i) => ({ id: `job-${i}`, task: `key=k${i}` })), q);
    expect(receipts.map((r) => r.sessionId)).toEqual([1, 2, 3].map((i) => `fleet-${q.queue}-job-${i}`));
    await until(events, (e) => e.filter((x) => x.type === 'completed').length === 3);
    const states = await status(['job-1', 'job-2', 'job-3'], q);
    expect(states.map((s) => [s.state, s.result?.status, s.result?.output])).toEqual([
      ['completed', 'done', 'done k1: counted k1'],
      ['completed', 'done', 'done k2: counted k2'],
      ['completed', 'done', 'done k3: counted k3'],
    ]);
    expect(states[0]!.result).toMatchObject({ stopReason: 'done', sessionId: `fleet-${q.queue}-job-1`, resumed: false, steps: 2, pendingApprovals: [] });
    expect(readFileSync(effects, 'utf8').trim().split('\n').sort()).toEqual(['k1', 'k2', 'k3']);
    expect(events.some((e) => e.type === 'progress' && e.progress.event === 'tool' && e.progress.tool === 'count_effect')).toBe(true);
  });

  it('a session that holds a started call with no result: the job fails showing it and the tool is not run', async () => {
    const { q, effects, worker } = await setup();
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());
    const store = await openSessionStore(POSTGRES_URL);
    const sessionId = `crashed-${q.queue}`;
    await store.create({ id: sessionId, owner: { userId: 'alice' } });
    const call = { type: 'tool_call' as const, id: 'call_x', name: 'count_effect', args: { key: 'x' } };
    const records: SessionRecord[] = [
      { type: 'message', id: 'r1', at: new Date().toISOString(), message: { role: 'user', parts: [{ type: 'text', text: 'key=x' }] } },
      { type: 'message', id: 'r2', at: new Date().toISOString(), message: { role: 'assistant', parts: [call] } },
      { type: 'tool_call', id: 'r3', at: new Date().toISOString(), call },
    ];
    await store.append(sessionId, records, { expectedVersion: 1, owner: { userId: 'alice' } });
    await store.close();
    await worker();
    await enqueue([{ id: 'crashed', task: 'key=x', sessionId, owner: { userId: 'alice' } }], q);
    await until(events, (e) => e.some((x) => x.type === 'failed'));
    const [state] = await status(['crashed'], q);
    expect(state!.failedReason).toMatch(/^fleet\.interrupted_tool: .*count_effect/);
    expect(readFileSync(effects, 'utf8')).toBe('');
  });
});

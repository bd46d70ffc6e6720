import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSessionStore } from '@warden/sessions';
import type { SessionRecord } from '@warden/protocol';
import { cancel, createWorker, enqueue, status, watch, type FleetEvent, type FleetWorker } from '../src/index.js';
import { countTool } from './__fixtures__/count-tool.mjs';
import { startFakeModel, type FakeModel } from './helpers/fake-model.js';
import { POSTGRES_URL, tempDir, testQueue } from './helpers/services.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function setup(): Promise<{ q: ReturnType<typeof testQueue>; model: FakeModel; workdir: string; effects: string; worker: (extra?: object) => Promise<FleetWorker> }> {
  const q = testQueue(cleanups);
  const model = await startFakeModel();
  const workdir = tempDir();
  const effects = path.join(workdir, 'effects.txt');
  writeFileSync(effects, '');
  cleanups.push(() => model.close());
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
      { type: 'meta', id: 'r0', at: new Date().toISOString(), key: 'fleet.job', value: 'crashed' },
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

  it('cancel aborts the running harness from anywhere, and a waiting job never starts; a timeout stops a job', async () => {
    const { q, model, effects, worker } = await setup();
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());
    await worker({ concurrency: 1 });
    await enqueue([{ id: 'running', task: 'key=running delay=60000' }, { id: 'queued', task: 'key=queued' }], q);
    await until(events, () => model.requests.some((r) => r.key === 'running'));
    expect(await cancel('queued', q)).toBe('waiting');
    expect(await cancel('running', q)).toBe('active');
    await until(events, (e) => e.filter((x) => x.type === 'failed').length === 2);
    const [running, queued] = await status(['running', 'queued'], q);
    expect(running!.failedReason).toMatch(/^fleet\.cancelled: job running was cancelled/);
    expect(queued!.failedReason).toMatch(/^fleet\.cancelled: job queued was cancelled before it started/);
    expect(model.requests.some((r) => r.key === 'queued')).toBe(false);
    expect(readFileSync(effects, 'utf8')).toBe('');
    await enqueue([{ id: 'slow', task: 'key=slow delay=60000', timeoutMs: 300 }, { id: 'quick', task: 'key=quick', timeoutMs: 60_000 }], q);
    await until(events, (e) => e.some((x) => x.type === 'failed' && x.jobId === 'slow') && e.some((x) => x.type === 'completed' && x.jobId === 'quick'));
    expect((await status(['slow'], q))[0]!.failedReason).toMatch(/^fleet\.timeout: job slow was stopped after 300 ms/);
  });

  it('tenancy: a job never loads another owner\'s session, and the same owner continues it', async () => {
    const { q, model, worker } = await setup();
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());
    await worker();
    const sessionId = `shared-${q.queue}`;
    await enqueue([{ id: 'alice-1', task: 'key=a1', sessionId, owner: { userId: 'alice', tenantId: 'acme' } }], q);
    await until(events, (e) => e.some((x) => x.type === 'completed'));
    await enqueue([
      { id: 'mallory', task: 'key=m', sessionId, owner: { userId: 'mallory', tenantId: 'acme' } },
      { id: 'other-tenant', task: 'key=o', sessionId, owner: { tenantId: 'globex' } },
    ], q);
    await until(events, (e) => e.filter((x) => x.type === 'failed').length === 2);
    const states = await status(['mallory', 'other-tenant'], q);
    for (const s of states) expect(s.failedReason).toMatch(/^fleet\.invalid_job: .*cannot be created for this owner/);
    expect(states.map((s) => s.failedReason).join(' ')).not.toContain('alice');
    expect(model.requests.some((r) => r.key === 'm' || r.key === 'o')).toBe(false);
    await enqueue([{ id: 'alice-2', task: 'key=a2', sessionId, owner: { userId: 'alice' } }], q);
    await until(events, (e) => e.some((x) => x.type === 'completed' && x.jobId === 'alice-2'));
    expect((await status(['alice-2'], q))[0]!.result).toMatchObject({ status: 'done', resumed: false, sessionId, output: 'done a2: counted a2' });
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { durableApprovals } from '@warden/governance';
import { runSpendOf } from '@warden/harness';
import { openApprovalStore, openSessionStore } from '@warden/sessions';
import { enqueue, resume, retry, status, watch, type FleetEvent } from '../src/index.js';
import { startFakeModel, type FakeModel } from './helpers/fake-model.js';
import { POSTGRES_URL, REDIS_URL, tempDir, testQueue } from './helpers/services.js';
import { startWorker, waitFor, type WorkerLine, type WorkerProcess } from './helpers/worker-processes.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
});

interface Fleet {
  q: ReturnType<typeof testQueue>;
  model: FakeModel;
  effects: string;
  lines: WorkerLine[];
  events: FleetEvent[];
  spawn(name: string, extra?: Record<string, string>): Promise<WorkerProcess>;
  effectCount(key: string): number;
}

async function fleet(sessions = POSTGRES_URL): Promise<Fleet> {
  const q = testQueue(cleanups);
  const model = await startFakeModel();
  const workdir = tempDir();
  const effects = path.join(workdir, 'effects.txt');
  writeFileSync(effects, '');
  const lines: WorkerLine[] = [];
  const events: FleetEvent[] = [];
  const w = await watch(q, (e) => events.push(e));
  const children: WorkerProcess[] = [];
  cleanups.push(
    () => model.close(),
    () => w.close(),
    async () => {
      for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await Promise.all(children.map((c) => c.exited));
    },
  );
  const base = { FLEET_REDIS: REDIS_URL, FLEET_QUEUE: q.queue, FLEET_PREFIX: q.prefix, FLEET_SESSIONS: sessions, FLEET_WORKDIR: workdir, FLEET_EFFECTS: effects, FLEET_MODEL_URL: model.url, OPENAI_API_KEY: 'sk-test-fleet-0000000000000000', WARDEN_APPROVAL_KEY: 'fleet-test-approval-key-000000' };
  return {
    q,
    model,
    effects,
    lines,
    events,
    async spawn(name, extra = {}) {
      const child = startWorker(name, { ...base, ...extra }, lines);
      children.push(child);
      await child.ready;
      return child;
    },
    effectCount: (key) => readFileSync(effects, 'utf8').split('\n').filter((l) => l === key).length,
  };
}

const completed = (f: Fleet, id: string): number => f.events.filter((e) => e.type === 'completed' && e.jobId === id).length;
const failed = (f: Fleet, id: string): boolean => f.events.some((e) => e.type === 'failed' && e.jobId === id);

describe('fleet across worker processes (real Redis, PostgreSQL and processes)', { timeout: 180_000 }, () => {
  it('3 workers, 30 jobs: every job completes once, results in input order, no side effect twice; enqueueing again adds nothing', async () => {
    const f = await fleet();
    await Promise.all(['w1', 'w2', 'w3'].map((n) => f.spawn(n, { FLEET_CONCURRENCY: '2' })));
    const ids = Array.from({ length: 30 }, (_, i) => `job-${String(i).padStart(2, '0')}`);
    const receipts = await enqueue(ids.map((id) => ({ id, task: `key=${id}`, owner: { tenantId: 'acme' } })), f.q);
    expect(receipts.every((r) => !r.duplicate)).toBe(true);
    await waitFor(() => ids.every((id) => completed(f, id) >= 1), '30 completions');
    const states = await status(ids, f.q);
    expect(states.map((s) => s.result?.output)).toEqual(ids.map((id) => `done ${id}: counted ${id}`));
    expect(ids.map((id) => completed(f, id))).toEqual(ids.map(() => 1));
    expect(ids.map((id) => f.effectCount(id))).toEqual(ids.map(() => 1));
    const workers = new Set(states.map((s) => s.result?.worker));
    expect(workers.size).toBeGreaterThan(1);
    const again = await enqueue(ids.slice(0, 5).map((id) => ({ id, task: `key=${id}` })), f.q);
    expect(again.map((r) => r.duplicate)).toEqual([true, true, true, true, true]);
    expect((await status(ids.slice(0, 5), f.q)).map((s) => s.attemptsStarted)).toEqual([1, 1, 1, 1, 1]);
  });

  it('kill -9 during the model call, twice: the job resumes on a third worker from its session; the tool runs once', async () => {
    const f = await fleet();
    const first = await f.spawn('k1');
    await enqueue([{ id: 'slow', task: 'key=slow delay=2500' }], f.q);
    await waitFor(() => f.model.requests.some((r) => r.key === 'slow'), 'the first model request');
    first.child.kill('SIGKILL');
    await first.exited;
    const second = await f.spawn('k2');
    await waitFor(() => f.model.requests.filter((r) => r.key === 'slow').length >= 2, 'the second attempt');
    second.child.kill('SIGKILL');
    await second.exited;
    await f.spawn('k3');
    await waitFor(() => completed(f, 'slow') === 1, 'completion on k3');
    const [state] = await status(['slow'], f.q);
    expect(state!.result).toMatchObject({ status: 'done', output: 'done slow: counted slow', worker: 'k3', resumed: true });
    expect(state!.attemptsStarted).toBeGreaterThanOrEqual(3);
    expect(f.effectCount('slow')).toBe(1);
  });

  it('with the default lock, stall interval and lease, a job whose worker is killed with -9 is taken over within 15 s, with one start per takeover (issue 41)', async () => {
    const f = await fleet();
    const workers = await Promise.all(['d1', 'd2'].map((n) => f.spawn(n, { FLEET_DEFAULTS: '1' })));
    await enqueue([{ id: 'takeover', task: 'key=takeover delay=3000' }], f.q);
    await waitFor(() => f.model.requests.some((r) => r.key === 'takeover') && f.lines.some((l) => l.type === 'job_started' && l.jobId === 'takeover'), 'the first model request');
    const holder = f.lines.find((l) => l.type === 'job_started' && l.jobId === 'takeover')!.worker;
    const victim = workers.find((w) => w.name === holder)!;
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    await waitFor(() => f.model.requests.filter((r) => r.key === 'takeover').length >= 2, 'the takeover', 30_000);
    const resumedAt = f.model.requests.filter((r) => r.key === 'takeover')[1]!.at;
    // The bound is the defaults' own: the lock lapses within 8 s of its last renewal and a worker looks every 4 s.
    expect(resumedAt - killedAt).toBeLessThanOrEqual(15_000);
    await waitFor(() => completed(f, 'takeover') === 1, 'completion after the takeover', 30_000);
    const [state] = await status(['takeover'], f.q);
    expect(state!.result).toMatchObject({ status: 'done', resumed: true, worker: workers.find((w) => w.name !== holder)!.name });
    // One start by the dead worker and one by the one that took over: waiting for the lapsed lease is not a start.
    expect(state!.attemptsStarted).toBe(2);
    expect(f.effectCount('takeover')).toBe(1);
  });

  it('kill -9 after a side effect and before its result: a read-only call goes on; another is not re-run, the job fails showing it, and a person accepts it', async () => {
    const f = await fleet();
    const first = await f.spawn('e1', { FLEET_CONCURRENCY: '2' });
    await enqueue([{ id: 'effect', task: 'key=effect hold=60000' }, { id: 'read', task: 'key=read tool=peek hold=60000' }], f.q);
    await waitFor(() => f.effectCount('effect') === 1 && f.effectCount('peek:read') === 1, 'both calls to start');
    first.child.kill('SIGKILL');
    await first.exited;
    await f.spawn('e2', { FLEET_CONCURRENCY: '2' });
    await waitFor(() => failed(f, 'effect') && completed(f, 'read') === 1, 'the interrupted-call policy on both jobs');
    const [effect, read] = await status(['effect', 'read'], f.q);
    expect(effect!.failedReason).toMatch(/^fleet\.interrupted_tool: .*count_effect\(\{"key":"effect","holdMs":60000\}\)/);
    expect(read!.result).toMatchObject({ status: 'done', worker: 'e2', resumed: true, interrupted: [{ tool: 'peek', readOnly: true }] });
    expect(f.effectCount('effect')).toBe(1);
    // The killed attempt's spend is kept: every answered model call of the job is in the spend report, once.
    const store = await openSessionStore(POSTGRES_URL);
    try {
      const runs = runSpendOf(await store.load(read!.result!.sessionId));
      expect(runs.map((r) => r.unfinished ?? false)).toEqual([true, false]);
      const calls = runs.flatMap((r) => r.lines).reduce((n, l) => n + l.calls, 0);
      expect(calls).toBe(f.model.requests.filter((r) => r.key === 'read').length);
      expect(runs.flatMap((r) => r.lines).reduce((n, l) => n + l.usage.inputTokens, 0)).toBe(100 * calls);
    } finally {
      await store.close?.();
    }

    await retry('effect', { ...f.q, acceptInterrupted: true });
    await waitFor(() => completed(f, 'effect') === 1, 'the accepted retry');
    const [after] = await status(['effect'], f.q);
    expect(after!.result?.output).toMatch(/^done effect: \[tool error\] This tool call was interrupted/);
    expect(after!.result?.interrupted).toEqual([{ callId: 'call_effect', tool: 'count_effect', args: { key: 'effect', holdMs: 60000 }, readOnly: false }]);
    expect(f.effectCount('effect')).toBe(1);
  });

  it('an approval parked on worker A, approved from elsewhere, is resumed exactly once by 4 racing resumers', async () => {
    const f = await fleet();
    const a = await f.spawn('A');
    await enqueue([{ id: 'ask', task: 'key=ask', config: 'safe', owner: { userId: 'alice' } }], f.q);
    await waitFor(() => completed(f, 'ask') === 1, 'the job to park');
    const [parked] = await status(['ask'], f.q);
    expect(parked!.state).toBe('parked');
    expect(parked!.result).toMatchObject({ status: 'parked', stopReason: 'approval', worker: 'A', pendingApprovals: [{ tool: 'count_effect', args: { key: 'ask' } }] });
    expect(f.effectCount('ask')).toBe(0);
    a.child.kill('SIGKILL');
    await a.exited;
    // What `warden approvals approve ID --sessions postgres://…` does, from another machine.
    const approvals = await openApprovalStore(POSTGRES_URL);
    await durableApprovals({ store: approvals, key: 'fleet-test-approval-key-000000' }).approve(parked!.result!.pendingApprovals[0]!.id, { by: 'bob' });
    await approvals.close?.();
    await Promise.all(['B', 'C', 'D', 'E'].map((n) => f.spawn(n)));
    const resumers = await Promise.all([1, 2, 3, 4].map(() => resume('ask', f.q)));
    await waitFor(() => resumers.every((id) => completed(f, id) === 1), 'the 4 resumers');
    const results = (await status(resumers, f.q)).map((s) => s.result!);
    const ran = results.filter((r) => r.steps > 0);
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ status: 'done', output: 'done ask: counted ask', resumed: true });
    expect(ran[0]!.worker).not.toBe('A');
    for (const other of results.filter((r) => r.steps === 0)) expect(other.status === 'claimed' || other.output === 'done ask: counted ask').toBe(true);
    expect(f.effectCount('ask')).toBe(1);
  });

  it('SIGTERM drains: the step in flight finishes and is recorded, the run stops and the job is resumed elsewhere; one that cannot drain in time is released too', async () => {
    const f = await fleet();
    const t1 = await f.spawn('T1', { FLEET_DRAIN_MS: '30000' });
    await enqueue([{ id: 'short', task: 'key=short delayfirst=1500' }], f.q);
    await waitFor(() => f.model.requests.some((r) => r.key === 'short'), 'the short job to start');
    t1.child.kill('SIGTERM');
    expect(await t1.exited).toBe(0);
    // The step in flight (the model call and its counting tool) finished on T1; no second step started there.
    expect(f.effectCount('short')).toBe(1);
    expect(t1.lines.some((l) => l.type === 'job_released' && l.jobId === 'short')).toBe(true);
    expect(t1.lines.some((l) => l.type === 'job_completed')).toBe(false);
    const t0 = await f.spawn('T0');
    await waitFor(() => completed(f, 'short') === 1, 'the drained job elsewhere');
    const [drained] = await status(['short'], f.q);
    expect(drained!.result).toMatchObject({ output: 'done short: counted short', worker: 'T0', resumed: true });
    expect(f.effectCount('short')).toBe(1);
    t0.child.kill('SIGTERM');
    expect(await t0.exited).toBe(0);

    const t2 = await f.spawn('T2', { FLEET_DRAIN_MS: '300' });
    await enqueue([{ id: 'long', task: 'key=long delayfirst=60000' }], f.q);
    await waitFor(() => f.model.requests.some((r) => r.key === 'long'), 'the long job to start');
    t2.child.kill('SIGTERM');
    expect(await t2.exited).toBe(0);
    expect(t2.lines.some((l) => l.type === 'job_released' && l.jobId === 'long')).toBe(true);
    await f.spawn('T3');
    await waitFor(() => completed(f, 'long') === 1, 'the released job elsewhere');
    const [state] = await status(['long'], f.q);
    expect(state!.result).toMatchObject({ output: 'done long: counted long', worker: 'T3', resumed: true });
    expect(f.effectCount('long')).toBe(1);
  });

  it('a rate limit per provider holds across 3 workers, as the provider sees it', async () => {
    const f = await fleet('redis://127.0.0.1:6379/0?ttl=600');
    await Promise.all(['r1', 'r2', 'r3'].map((n) => f.spawn(n, { FLEET_CONCURRENCY: '3', FLEET_RATE: '3/1000' })));
    const ids = Array.from({ length: 9 }, (_, i) => `rate-${i}`);
    await enqueue(ids.map((id) => ({ id, task: `key=${id}` })), f.q);
    await waitFor(() => ids.every((id) => completed(f, id) === 1), 'all rate-limited jobs');
    const times = f.model.requests.map((r) => r.at).sort((x, y) => x - y);
    if (times.length !== 18) throw new Error(JSON.stringify({ r: f.model.requests, l: f.lines.filter((l) => l.type !== 'job_progress') }));
    expect(times).toHaveLength(18);
    // Any 600 ms (the 1 s window less the jitter between a slot's grant and the request's arrival
    // on a busy machine) holds at most 3 requests, and 18 requests at 3 a second span 5 windows.
    const busiest = Math.max(...times.map((t) => times.filter((u) => u >= t && u < t + 600).length));
    expect(busiest).toBeLessThanOrEqual(3);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(4000);
    expect(ids.map((id) => f.effectCount(id))).toEqual(ids.map(() => 1));
  });
});

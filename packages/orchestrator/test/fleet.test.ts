import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { status } from '@warden/fleet';
import { jsonlSessionStore } from '@warden/sessions';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestrator, fleetAgents } from '../src/index.js';

// 3 and 8 on the fleet: the same job with every agent call a fleet job on BullMQ workers in their
// own processes (real Redis, sessions in real PostgreSQL). The worker running a task is killed
// with SIGKILL; another worker takes the job over and resumes its session; every task runs once.
const REDIS_URL = process.env.WARDEN_TEST_REDIS ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.WARDEN_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORKER = join(import.meta.dirname, '__fixtures__', 'fleet-worker.mjs');

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => undefined);
});

function queue(): { queue: string; prefix: string; connection: string } {
  const id = randomUUID().slice(0, 8);
  const prefix = `orch-${id}`;
  cleanups.push(async () => {
    const redis = new Redis(REDIS_URL);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  });
  return { queue: `orchq${id}`, prefix, connection: REDIS_URL };
}

function worker(name: string, env: Record<string, string>): { child: ChildProcess; ready: Promise<void>; exited: Promise<unknown> } {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env, FLEET_NAME: name }, stdio: ['ignore', 'pipe', 'pipe'] });
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('"ready"') && onReady());
  child.stderr.resume();
  const exited = new Promise((resolve) => child.on('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return { child, ready, exited };
}

describe('an orchestrated job on the fleet', () => {
  it('survives kill -9 of the worker running a task: another worker takes it over, every task runs once', async () => {
    const work = mkdtempSync(join(tmpdir(), 'warden-orch-fleet-'));
    cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
    const q = queue();
    const env = { WORK: work, FLEET_REDIS: REDIS_URL, FLEET_QUEUE: q.queue, FLEET_PREFIX: q.prefix, FLEET_SESSIONS: POSTGRES_URL };
    const workers = { w1: worker('w1', env), w2: worker('w2', env) };
    await Promise.all([workers.w1.ready, workers.w2.ready]);

    const boss = createOrchestrator({ agents: fleetAgents({ ...q, pollMs: 100 }), store: jsonlSessionStore({ dir: join(work, 'jobs') }), mode: 'yolo', maxConcurrency: 3 });
    const running = boss.run('How did Q3 go?', { jobId: 'job-fleet' });
    running.catch(() => undefined);
    const marker = join(work, 'margin.reached');
    for (let i = 0; i < 2400 && !existsSync(marker); i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(marker)).toBe(true);
    const holder = readFileSync(marker, 'utf8').trim() as 'w1' | 'w2';
    workers[holder].child.kill('SIGKILL');
    await workers[holder].exited;

    const result = await running;
    expect(result).toMatchObject({ status: 'done', stopReason: 'done' });
    expect(result.tasks.map((t) => [t.id, t.status])).toEqual(['revenue', 'costs', 'headcount', 'churn', 'margin', 'summary'].map((id) => [id, 'done']));
    const log = readFileSync(join(work, 'work.log'), 'utf8').trim().split('\n');
    expect(log.sort()).toEqual(['churn', 'costs', 'headcount', 'margin', 'revenue', 'summary']);
    // The margin job was started twice (the crash and the take-over) and finished once.
    const margin = (await status(undefined, { ...q, limit: 100 })).find((s) => s.id.startsWith('job-fleet.margin.specialist.'));
    expect(margin).toMatchObject({ state: 'completed' });
    expect(margin!.attemptsStarted).toBeGreaterThanOrEqual(2);
    expect(margin!.result!.worker).not.toBe(holder);
  }, 180_000);
});

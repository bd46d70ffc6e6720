// Fleet bench: 1,000 scripted-model jobs through BullMQ on 1, 2 and 4 workers against the local
// fleet (the same harness jobs in a pool in one process), with sessions in PostgreSQL for both.
// Writes bench/results/fleet-<date>.json. Needs Redis on 6379 and PostgreSQL on 5432 (db test).
//   node src/fleet-bench.mjs [--jobs 1000] [--concurrency 4]
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createWorker, enqueue, watch } from '@warden/fleet';
import { createHarness } from '@warden/harness';
import { scriptedProvider } from '@warden/protocol/testing';
import { openSessionStore } from '@warden/sessions';
import { Redis } from 'ioredis';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const JOBS = flag('jobs', 1000);
const CONCURRENCY = flag('concurrency', 4);
const REDIS = process.env.WARDEN_BENCH_REDIS ?? 'redis://127.0.0.1:6379';
const POSTGRES = process.env.WARDEN_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

const noop = { specificationVersion: 'v1', name: 'noop', description: 'does nothing', inputSchema: { type: 'object', properties: {} }, annotations: { readOnly: true }, execute: () => 'ok' };
/** Stateless: one tool call, then a final answer. */
const turn = (request) => (request.messages.at(-1)?.role === 'tool' ? { text: 'done' } : { toolCalls: [{ name: 'noop', args: {} }] });
const provider = () => scriptedProvider(Array.from({ length: JOBS * 2 + 10 }, () => turn));
const config = { mode: 'yolo', streaming: false, audit: false };
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

async function local(workdir, store) {
  const harness = await createHarness({ workdir, provider: provider(), tools: [noop], sessions: store, env: {}, ...config });
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < JOBS) {
        const i = next++;
        const t0 = performance.now();
        const h = await harness.with({ sessionId: `bench-local-${randomUUID()}` });
        const result = await h.run(`job ${i}`);
        if (result.stopReason !== 'done') throw new Error(`local job ${i}: ${result.stopReason}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await harness.close();
  return { workers: 0, concurrency: CONCURRENCY, seconds, jobsPerSecond: JOBS / seconds, medianJobMs: median(latencies), p95JobMs: p95(latencies) };
}

async function queued(workdir, workers) {
  const id = randomUUID().slice(0, 8);
  const q = { connection: REDIS, queue: `bench${id}`, prefix: `wbench-${id}` };
  const perWorker = Math.max(1, Math.round(CONCURRENCY / workers));
  const fleet = await Promise.all(
    Array.from({ length: workers }, (_, w) =>
      createWorker({ ...q, name: `bench-${w}`, concurrency: perWorker, harness: { sessions: POSTGRES, workdir, configs: { default: config }, options: { provider: provider(), tools: [noop], env: {} } } }),
    ),
  );
  const done = new Map();
  let resolveAll;
  const all = new Promise((resolve) => (resolveAll = resolve));
  const events = await watch(q, (event) => {
    if (event.type === 'completed' || event.type === 'failed') {
      done.set(event.jobId, event.type);
      if (done.size === JOBS) resolveAll();
    }
  });
  const started = performance.now();
  const ids = Array.from({ length: JOBS }, (_, i) => `job-${i}`);
  for (let i = 0; i < JOBS; i += 200) await enqueue(ids.slice(i, i + 200).map((jobId) => ({ id: jobId, task: `job ${jobId}` })), q);
  await all;
  const seconds = (performance.now() - started) / 1000;
  const redis = new Redis(REDIS);
  const inWorker = [];
  const endToEnd = [];
  for (let i = 0; i < JOBS; i += 100) {
    const batch = await Promise.all(ids.slice(i, i + 100).map((jobId) => redis.hmget(`${q.prefix}:${q.queue}:${jobId}`, 'timestamp', 'processedOn', 'finishedOn')));
    for (const [ts, processed, finished] of batch) {
      inWorker.push(Number(finished) - Number(processed));
      endToEnd.push(Number(finished) - Number(ts));
    }
  }
  const failed = [...done.values()].filter((v) => v === 'failed').length;
  await events.close();
  await Promise.all(fleet.map((w) => w.close()));
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${q.prefix}:*`, 'COUNT', 1000);
    cursor = nextCursor;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
  return { workers, concurrency: perWorker * workers, seconds, jobsPerSecond: JOBS / seconds, failed, medianJobMs: median(inWorker), p95JobMs: p95(inWorker), medianEndToEndMs: median(endToEnd) };
}

const workdir = mkdtempSync(path.join(tmpdir(), 'warden-fleet-bench-'));
const store = await openSessionStore(POSTGRES);
const localRun = await local(workdir, store);
await store.close();
const runs = [];
for (const workers of [1, 2, 4]) runs.push(await queued(workdir, workers));
const result = {
  bench: 'fleet',
  at: new Date().toISOString(),
  node: process.version,
  jobs: JOBS,
  note: 'Scripted model (one tool call, one answer), sessions in PostgreSQL for both; queue workers are in one process (each its own BullMQ worker and Redis connections). Overhead = queue median in-worker job time minus local median job time, and the throughput-derived time per job at the same total concurrency.',
  local: localRun,
  queue: runs,
  overheadMsPerJob: runs.map((r) => ({ workers: r.workers, medianAddedMs: r.medianJobMs - localRun.medianJobMs, throughputAddedMs: ((r.seconds - localRun.seconds) * 1000 * r.concurrency) / JOBS })),
  goal: 'median added per job <= 5 ms',
};
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');
mkdirSync(out, { recursive: true });
const file = path.join(out, `fleet-${result.at.slice(0, 10)}.json`);
writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 2)}\nwritten to ${file}\n`);
process.exit(0);

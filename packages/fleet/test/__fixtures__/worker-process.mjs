// A fleet worker in its own process, for tests that kill workers (kill -9, SIGTERM). It loads the
// built package (self-reference), the counting tools, and prints each worker event as a JSON line.
import { createWorker } from '@warden/fleet';
import { countTool, peekTool } from './count-tool.mjs';

const env = process.env;
const model = { provider: 'openai', baseUrl: env.FLEET_MODEL_URL, model: 'fake', streaming: false };
const worker = await createWorker({
  connection: env.FLEET_REDIS,
  queue: env.FLEET_QUEUE,
  prefix: env.FLEET_PREFIX,
  name: env.FLEET_NAME,
  concurrency: Number(env.FLEET_CONCURRENCY ?? 1),
  // FLEET_DEFAULTS=1 runs with the library's own lock, stall interval and lease (the takeover test).
  // The other tests use a short lock to be quick, with the lease at three locks so a loaded machine's
  // late renewals do not stop attempts (the library's default lease is one lock, with an 8 s lock).
  ...(env.FLEET_DEFAULTS === '1'
    ? {}
    : { lockDurationMs: Number(env.FLEET_LOCK_MS ?? 2000), stalledIntervalMs: Number(env.FLEET_STALLED_MS ?? 1000), leaseTtlMs: 3 * Number(env.FLEET_LOCK_MS ?? 2000) }),
  maxStalledCount: 10,
  onInterrupted: env.FLEET_ON_INTERRUPTED ?? 'fail',
  ...(env.FLEET_RATE ? { rateLimits: { '*': { max: Number(env.FLEET_RATE.split('/')[0]), durationMs: Number(env.FLEET_RATE.split('/')[1]) } } } : {}),
  harness: {
    sessions: env.FLEET_SESSIONS,
    workdir: env.FLEET_WORKDIR,
    configs: { default: { ...model, mode: 'yolo' }, safe: { ...model, mode: 'safe' } },
    options: { tools: [countTool(env.FLEET_EFFECTS), peekTool(env.FLEET_EFFECTS)] },
  },
  onEvent: (event) => process.stdout.write(`${JSON.stringify({ worker: env.FLEET_NAME, ...event })}\n`),
});
process.stdout.write(`${JSON.stringify({ worker: env.FLEET_NAME, type: 'ready' })}\n`);
process.on('SIGTERM', () => {
  worker.drain(Number(env.FLEET_DRAIN_MS ?? 5000)).then(
    () => process.exit(0),
    () => process.exit(1),
  );
});

// Many harness sessions in one process: `node --expose-gc src/harness-sessions-child.mjs <origin> <sessions>`.
// One createHarness (durable JSONL sessions, audit trail, gate — its defaults) runs <sessions>
// one-step tasks, each a new session in the same store, as a long-lived server would; RSS and
// heap are read after a full GC at checkpoints. Prints one JSON line.
import { create } from './drivers/warden-harness.mjs';

const [origin, total] = [process.argv[2], Number(process.argv[3])];
const gcNow = () => {
  globalThis.gc();
  globalThis.gc();
};
const harness = await create({ origin, toolSteps: 0, stream: true });
const WARMUP = 100;
for (let i = 0; i < WARMUP; i += 1) await harness.run();
const checkpoints = [];
const mark = (sessions) => {
  gcNow();
  const m = process.memoryUsage();
  checkpoints.push({ sessions, rssMb: m.rss / 2 ** 20, heapMb: m.heapUsed / 2 ** 20 });
};
mark(0);
const every = Math.max(1, Math.floor(total / 10));
for (let i = 1; i <= total; i += 1) {
  await harness.run();
  if (i % every === 0) mark(i);
}
process.stdout.write(`${JSON.stringify({ warmup: WARMUP, checkpoints })}\n`);

// Memory of a long-lived process that runs many governed sessions: one createHarness with
// its defaults runs 10,000 one-step tasks (each a new durable JSONL session with its audit
// entries) after 100 untimed warm-up sessions; RSS after a full GC is read every 1,000.
// Reported: growth over the first 1,000 sessions and from 1,000 to 10,000 (flat = no leak).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnFakeServer } from '../fake-server/spawn-server.mjs';
import { single } from '../lib/figure.mjs';

const CHILD = fileURLToPath(new URL('../harness-sessions-child.mjs', import.meta.url));

export async function runHarnessSessionsSuite({ quick, log }) {
  const total = quick ? 2000 : 10000;
  const server = await spawnFakeServer();
  let result;
  try {
    const r = spawnSync(process.execPath, ['--expose-gc', CHILD, server.origin, String(total)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`harness sessions child exited ${r.status}: ${String(r.stderr).slice(0, 400)}`);
    result = JSON.parse(r.stdout.trim().split('\n').at(-1));
  } finally {
    await server.stop();
  }
  const at = (n) => result.checkpoints.find((c) => c.sessions === n) ?? result.checkpoints.at(-1);
  const first = at(0);
  const thousand = at(total / 10);
  const last = result.checkpoints.at(-1);
  const trail = result.checkpoints.map((c) => `${c.sessions}: ${c.rssMb.toFixed(1)}`).join(', ');
  log(`harness-sessions: RSS after GC by sessions run — ${trail} MB`);
  return {
    raw: result,
    figures: [
      single('harness_sessions.rss_first', `full harness — RSS growth over the first ${total / 10} sessions after ${result.warmup} warm-up sessions, GC before and after (heap ${(thousand.heapMb - first.heapMb).toFixed(1)} MB)`, 'MB', thousand.rssMb - first.rssMb, { group: 'harness_sessions' }),
      single('harness_sessions.rss_rest', `full harness — RSS growth from session ${thousand.sessions} to ${last.sessions} in one process, GC before and after (heap ${(last.heapMb - thousand.heapMb).toFixed(1)} MB; RSS after GC by sessions run: ${trail} MB)`, 'MB', last.rssMb - thousand.rssMb, { group: 'harness_sessions' }),
    ],
  };
}

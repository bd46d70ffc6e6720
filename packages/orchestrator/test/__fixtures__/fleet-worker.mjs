// A fleet worker in its own process for the orchestrator's fleet test: its model is the scripted
// team (every specialist answer is a line in WORK/work.log); the `margin` task hangs the first time
// (until the parent kills this worker) and answers at once after that, on whichever worker.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWorker } from '@warden/fleet';
import { team } from './team.mjs';

const env = process.env;
const work = env.WORK;
const task = (id, dependsOn = []) => ({ id, title: `find ${id}`, instructions: `Report ${id} with its source.`, dependsOn, doneWhen: `${id} has a source` });
const t = team({
  plan: {
    acceptance: ['every figure has a source'],
    tasks: [task('revenue'), task('costs'), task('headcount'), task('churn'), task('margin', ['revenue', 'costs']), task('summary', ['margin', 'headcount', 'churn'])],
  },
  work: async (id) => {
    if (id === 'margin' && !existsSync(join(work, 'margin.reached'))) {
      writeFileSync(join(work, 'margin.reached'), env.FLEET_NAME);
      await new Promise(() => setInterval(() => {}, 1000));
    }
    appendFileSync(join(work, 'work.log'), `${id}\n`);
    return `${id}: 1 (source: ledger)`;
  },
});
const worker = await createWorker({
  connection: env.FLEET_REDIS,
  queue: env.FLEET_QUEUE,
  prefix: env.FLEET_PREFIX,
  name: env.FLEET_NAME,
  concurrency: 2,
  lockDurationMs: 2000,
  stalledIntervalMs: 1000,
  maxStalledCount: 10,
  harness: {
    sessions: env.FLEET_SESSIONS,
    workdir: work,
    configs: { default: { mode: 'yolo' } },
    options: { provider: t.provider(), env: {} },
  },
  onEvent: (event) => process.stdout.write(`${JSON.stringify({ worker: env.FLEET_NAME, type: event.type, jobId: event.jobId })}\n`),
});
process.stdout.write(`${JSON.stringify({ worker: env.FLEET_NAME, type: 'ready' })}\n`);
process.on('SIGTERM', () => worker.close().then(() => process.exit(0)));

// An orchestrator process for the crash test: a six-task job on governed harness runs (a scripted
// model answering as every role) checkpointed in a real SQLite file. Each specialist answer is a
// line in WORK/work.log, each planner call a line in WORK/planner.log; the `margin` task hangs the
// first time (until the parent kills this process) and answers at once after that.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import { sqliteSessionStore } from '@warden/sessions';
import { createOrchestrator, harnessAgents } from '../../dist/index.js';
import { team } from './team.mjs';

const work = process.env.WORK;
const task = (id, dependsOn = []) => ({ id, title: `find ${id}`, instructions: `Report ${id} with its source.`, dependsOn, doneWhen: `${id} has a source` });
const plan = {
  acceptance: ['every figure has a source'],
  tasks: [task('revenue'), task('costs'), task('headcount'), task('churn'), task('margin', ['revenue', 'costs']), task('summary', ['margin', 'headcount', 'churn'])],
  estimate: { estimateUsd: 0.06 },
};
const t = team({
  plan,
  work: async (id) => {
    if (id === 'margin' && !existsSync(join(work, 'margin.reached'))) {
      writeFileSync(join(work, 'margin.reached'), String(process.pid));
      await new Promise(() => setInterval(() => {}, 1000));
    }
    appendFileSync(join(work, 'work.log'), `${id}\n`);
    return `${id}: 1 (source: ledger)`;
  },
});
const harness = await createHarness({
  workdir: work,
  provider: t.provider(),
  mode: 'safe',
  env: {},
  audit: { file: join(work, 'audit.jsonl') },
  sessions: join(work, 'runs'),
});
const agents = harnessAgents(harness);
const logged = async (request) => {
  if (request.role === 'planner') appendFileSync(join(work, 'planner.log'), `${request.agent}\n`);
  return agents(request);
};
const store = sqliteSessionStore({ path: join(work, 'jobs.db') });
const boss = createOrchestrator({ agents: logged, store, mode: 'yolo', maxConcurrency: 2, tools: ['read_file'] });
const result = process.env.RESUME ? await boss.resume(process.env.RESUME) : await boss.run('How did Q3 go?', { jobId: 'job-crash' });
writeFileSync(join(work, 'result.json'), JSON.stringify({ ...result, status: result.status, jobStatus: await boss.job(result.jobId) }));
await agents.close();
await harness.close();
await store.close?.();

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApproverV1 } from '@warden/protocol';
import { jsonlSessionStore } from '@warden/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrchestrator, ORCHESTRATOR_KEYS, type OrchestratorEvent, type OrchestratorOptions } from '../src/index.js';
import { team, type TeamScript } from './__fixtures__/team.mjs';

// The orchestrator's rules, one describe each (the numbering). Agents are a scripted team
// answering as every role; jobs are checkpointed in a real JSONL session store on disk.
let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});
function store() {
  dir = mkdtempSync(join(tmpdir(), 'warden-orch-'));
  return jsonlSessionStore({ dir });
}

const task = (id: string, dependsOn: string[] = [], extra: Record<string, unknown> = {}) => ({ id, title: `do ${id}`, instructions: `Work on ${id}.`, dependsOn, doneWhen: `${id} is cited`, ...extra });
const sixTasks = [task('revenue', [], { specialist: 'revenue_reader' }), task('costs'), task('headcount'), task('churn'), task('margin', ['revenue', 'costs']), task('summary', ['margin', 'headcount', 'churn'])];
const basePlan = { acceptance: ['every figure has a source', 'under 200 words'], tasks: sixTasks, estimate: { estimateUsd: 0.06 } };
const bench = [{ name: 'revenue_reader', description: 'Finds revenue figures.', instructions: 'Look up revenue with its source.', tools: ['read_file'] }];

function orchestrator(script: TeamScript, options: Partial<OrchestratorOptions> = {}) {
  const t = team(script);
  const events: OrchestratorEvent[] = [];
  const boss = createOrchestrator({ agents: t.agents, store: store(), mode: 'yolo', tools: ['read_file'], bench, onEvent: (e) => events.push(e), ...options });
  return { boss, t, events };
}

const approver = (outcome: 'approved' | 'denied', kind: ApproverV1['kind'] = 'person'): ApproverV1 & { asked: unknown[] } => {
  const asked: unknown[] = [];
  return { specificationVersion: 'v1', kind, asked, approve: async (request) => (asked.push(request), { outcome, by: 'ana', digest: request.digest }) };
};

describe('1. plan: acceptance tests, a checked task graph, an estimate; approved like a plan-first plan', () => {
  it('writes the definition of done and the graph before any work, with the estimate and the graph width', async () => {
    const { boss, t, events } = orchestrator({ plan: basePlan, work: (id) => `${id}: 1 (source: ledger)` });
    const result = await boss.run('How did Q3 go?');
    expect(result.status).toBe('done');
    expect(result.plan).toMatchObject({ version: 1, revision: 1, acceptance: basePlan.acceptance, estimate: { estimateUsd: 0.06, parallelism: 4 } });
    expect(result.plan!.tasks.map((x) => x.id)).toEqual(['revenue', 'costs', 'headcount', 'churn', 'margin', 'summary']);
    expect(t.calls[0]!.role).toBe('planner');
    expect(events.findIndex((e) => e.type === 'plan')).toBeLessThan(events.findIndex((e) => e.type === 'task_start'));
    expect(result.approval?.status).toBe('accepted');
  });

  it('refuses a plan with no acceptance tests, a missing dependency or a cycle (the plan linter)', async () => {
    for (const plan of [
      { tasks: sixTasks },
      { acceptance: ['x'], tasks: [task('a', ['ghost'])] },
      { acceptance: ['x'], tasks: [task('a', ['b']), task('b', ['a'])] },
    ]) {
      const { boss, t } = orchestrator({ plan, work: () => 'never' });
      const result = await boss.run('goal');
      expect(result).toMatchObject({ status: 'failed', error: { code: 'orchestrator.plan_invalid' } });
      expect(t.calls.filter((c) => c.role === 'specialist')).toEqual([]);
    }
    const { boss } = orchestrator({ plan: { acceptance: ['x'], tasks: [task('a', ['b']), task('b', ['a'])] }, work: () => 'never' });
    const result = await boss.run('goal');
    expect(result.error!.message).toContain('E003');
    expect(result.approval?.status).toBe('refused');
  });

  it('safe mode asks the approver once for the whole plan; no answer or a no runs nothing', async () => {
    const yes = approver('approved');
    const approved = orchestrator({ plan: basePlan, work: (id) => id }, { mode: 'safe', approver: yes });
    expect((await approved.boss.run('goal')).approval).toMatchObject({ status: 'approved', by: 'ana' });
    expect(yes.asked).toHaveLength(1);
    expect(yes.asked[0]).toMatchObject({ call: { name: 'orchestrator_plan' }, decision: { effect: 'ask', rule: 'orchestrator.plan_approve' } });

    const auto = orchestrator({ plan: basePlan, work: (id) => id }, { mode: 'safe', approver: approver('approved', 'automatic') });
    expect((await auto.boss.run('goal')).approval?.status).toBe('automatic');

    for (const extra of [{ approver: approver('denied') }, {}]) {
      const refused = orchestrator({ plan: basePlan, work: (id) => id }, { mode: 'safe', ...extra });
      const result = await refused.boss.run('goal');
      expect(result).toMatchObject({ status: 'stopped', stopReason: 'unapproved', error: { code: 'orchestrator.plan_unapproved' } });
      expect(refused.t.calls.filter((c) => c.role === 'specialist')).toEqual([]);
    }
  });
});

describe('2. staff: the bench first, else the factory within limits; never a tool the orchestrator lacks', () => {
  it('reuses a bench specialist the task names and has the factory write the others, narrowed', async () => {
    const { boss, t } = orchestrator(
      { plan: { acceptance: ['x'], tasks: [task('revenue', [], { specialist: 'revenue_reader' }), task('costs')] }, work: (id) => id, factory: (id) => ({ name: `${id}_reader`, instructions: `Read ${id}.`, tools: ['read_file', 'shell'], tier: 'strong', maxSteps: 50 }) },
      { factory: { maxSteps: 4, tiers: ['fast', 'standard'] } },
    );
    const result = await boss.run('goal');
    expect(result.status).toBe('done');
    expect(t.calls.filter((c) => c.role === 'factory')).toHaveLength(1);
    const stored = await readJob(boss, result.jobId);
    expect(stored.specs.revenue).toMatchObject({ name: 'revenue_reader', source: 'bench', tools: ['read_file'] });
    expect(stored.specs.costs).toMatchObject({ name: 'costs_reader', source: 'factory', tools: ['read_file'], maxSteps: 4, tier: 'fast' });
    expect(result.warnings.join('\n')).toContain('tools the orchestrator does not hold: shell');
  });

  it('a task no bench specialist covers, with the factory off, is re-planned (and fails when it cannot be)', async () => {
    const { boss } = orchestrator({ plan: { acceptance: ['x'], tasks: [task('costs')] }, work: (id) => id }, { factory: false, maxReplans: 0 });
    const result = await boss.run('goal');
    expect(result).toMatchObject({ status: 'failed', error: { code: 'orchestrator.task_failed' } });
    expect(result.tasks[0]!.reason).toContain('factory is off');
  });
});

describe('3. run: as dependencies finish, up to maxConcurrency, only dependencies as inputs, retries and deadlines', () => {
  it('runs in dependency order, never more than maxConcurrency at once, each task seeing only its dependencies', async () => {
    let now = 0;
    let peak = 0;
    const finished: string[] = [];
    const { boss, t } = orchestrator(
      {
        plan: basePlan,
        work: async (id) => {
          now += 1;
          peak = Math.max(peak, now);
          await new Promise((r) => setTimeout(r, 250));
          now -= 1;
          finished.push(id);
          return `${id} figure`;
        },
      },
      { maxConcurrency: 2 },
    );
    const result = await boss.run('goal');
    expect(result.status).toBe('done');
    expect(peak).toBe(2);
    expect(finished.indexOf('margin')).toBeGreaterThan(Math.max(finished.indexOf('revenue'), finished.indexOf('costs')));
    expect(finished.at(-1)).toBe('summary');
    const margin = t.calls.find((c) => c.role === 'specialist' && c.input.startsWith('Task "margin"'))!.input;
    expect(margin).toContain('[revenue] revenue figure');
    expect(margin).toContain('[costs] costs figure');
    expect(margin).not.toContain('headcount figure');
  });

  it('retries a task whose specialist failed, and counts a missed deadline as a failure', async () => {
    const { boss } = orchestrator({
      plan: { acceptance: ['x'], tasks: [task('flaky'), task('slow', [], { deadlineSeconds: 0.05 })] },
      work: async (id, _input, n) => {
        if (id === 'flaky' && n === 1) return new Error('upstream 503');
        if (id === 'slow' && n === 1) await new Promise((r) => setTimeout(r, 300));
        return `${id} ok`;
      },
    });
    const result = await boss.run('goal');
    expect(result.status).toBe('done');
    expect(result.tasks.find((x) => x.id === 'flaky')).toMatchObject({ status: 'done', attempts: 2 });
    expect(result.tasks.find((x) => x.id === 'slow')).toMatchObject({ status: 'done', attempts: 2 });
  });
});

describe('4. check: send back with what it lacked; re-plan what stays short; dependents wait on the replacement', () => {
  const script = (maxReplans?: number) =>
    orchestrator(
      {
        plan: basePlan,
        work: (id, input) => (id === 'churn' ? 'churn went down' : id === 'churn_crm' ? `churn 2.1% (source: CRM export)${input.includes('churn went down') ? ' — first attempt seen' : ''}` : `${id}: 1 (source: ledger)`),
        check: (_id, output) => (output.includes('source') ? { pass: true } : { pass: false, missing: 'no source for the churn figure' }),
        replans: [{ tasks: [task('churn_crm', [], { instructions: 'Read churn from the CRM export.' })] }],
      },
      maxReplans === undefined ? {} : { maxReplans },
    );

  it('a hand-back that falls short is sent back once with what it lacked, then re-planned by another route', async () => {
    const { boss, t, events } = script();
    const result = await boss.run('goal');
    expect(result.status).toBe('done');
    const churnRuns = t.calls.filter((c) => c.role === 'specialist' && c.input.startsWith('Task "churn"'));
    expect(churnRuns).toHaveLength(2);
    expect(churnRuns[1]!.input).toContain('It lacked: no source for the churn figure');
    expect(result.tasks.find((x) => x.id === 'churn')).toMatchObject({ status: 'replaced', replacedBy: ['churn_crm'] });
    expect(result.tasks.find((x) => x.id === 'churn_crm')).toMatchObject({ status: 'done', output: 'churn 2.1% (source: CRM export) — first attempt seen' });
    expect(result.plan!.revision).toBe(2);
    expect(result.plan!.tasks.find((x) => x.id === 'summary')!.dependsOn).toEqual(['margin', 'headcount', 'churn_crm']);
    const summary = t.calls.find((c) => c.role === 'specialist' && c.input.startsWith('Task "summary"'))!.input;
    expect(summary).toContain('[churn_crm] churn 2.1%');
    expect(events.some((e) => e.type === 'replan' && e.task === 'churn')).toBe(true);
  });

  it('with no re-plans left the task fails and what waits on it does not run', async () => {
    const { boss, t } = script(0);
    const result = await boss.run('goal');
    expect(result).toMatchObject({ status: 'failed', stopReason: 'failed', error: { code: 'orchestrator.task_failed' } });
    expect(result.tasks.find((x) => x.id === 'churn')!.status).toBe('failed');
    expect(t.calls.some((c) => c.role === 'specialist' && c.input.startsWith('Task "summary"'))).toBe(false);
  });
});

describe('5. consolidate: merge, de-duplicate, rank, attribute; replaced work is spoken for by its replacement', () => {
  it('says a repeated item once with both sources and attributes the replaced task to what replaced it', async () => {
    const { boss } = orchestrator({
      plan: { acceptance: ['x'], tasks: [task('a'), task('b')] },
      work: (id) => (id === 'b' ? 'short' : `${id} (source)`),
      check: (_id, output) => (output.includes('source') ? { pass: true } : { pass: false, missing: 'a source' }),
      replans: [{ tasks: [task('b2')] }],
      consolidate: () => ({
        deliverable: 'Q3: revenue up.',
        items: [
          { text: 'Revenue up 4%', from: ['a'], rank: 2 },
          { text: 'revenue  up 4%', from: ['b'], rank: 1 },
          { text: 'Costs flat', from: ['a'], rank: 3 },
        ],
      }),
    });
    const result = await boss.run('goal');
    expect(result.output).toBe('Q3: revenue up.');
    expect(result.consolidation!.items).toEqual([
      { text: 'Revenue up 4%', from: ['a', 'b2'], rank: 1 },
      { text: 'Costs flat', from: ['a'], rank: 2 },
    ]);
  });
});

describe('6. review: independent critics, all or majority, a rework round, never silently accepted', () => {
  const reviewed = (critic: TeamScript['critic'], extra: Partial<OrchestratorOptions>) =>
    orchestrator({ plan: { acceptance: ['figures cited'], tasks: [task('a'), task('b', ['a'])] }, work: (id) => `${id} (source)`, critic, rework: [{ tasks: [task('fix', ['b'])] }] }, extra);

  it('a rejection becomes a rework round; the reworked deliverable passes; problems two critics share are said once', async () => {
    const { boss, t } = reviewed((concern, round) => (round === 0 ? { accept: false, problems: ['The margin has no source.'] } : { accept: true, problems: [] }), { critics: ['accuracy', 'tone'] });
    const result = await boss.run('goal');
    expect(result.status).toBe('done');
    expect(result.review).toMatchObject({ round: 1, reviewed: true, accepted: true });
    const first = (await readJob(boss, result.jobId)).reviews[0];
    expect(first).toMatchObject({ accepted: false, problems: ['The margin has no source.'] });
    expect(result.plan!.tasks.find((x) => x.id === 'fix')).toMatchObject({ round: 1 });
    const critics = t.calls.filter((c) => c.role === 'critic');
    expect(critics).toHaveLength(4);
    for (const call of critics) expect(call.input).not.toMatch(/accept/);
  });

  it('majority accepts over one dissent; all does not', async () => {
    const vote = (concern: string) => (concern === 'tone' ? { accept: false, problems: ['too long'] } : { accept: true });
    const majority = reviewed(vote, { critics: ['accuracy', 'tone', 'completeness'], accept: 'majority' });
    expect((await majority.boss.run('goal')).review).toMatchObject({ accepted: true, round: 0 });
    const all = reviewed(vote, { critics: ['accuracy', 'tone', 'completeness'], accept: 'all', maxRework: 0 });
    const result = await all.boss.run('goal');
    expect(result.review).toMatchObject({ accepted: false, round: 0 });
    expect(result.warnings.join('\n')).toContain('rejected');
  });

  it('a critic with no usable verdict is asked again, then left out; with none at all the result is unreviewed', async () => {
    const oneSilent = reviewed((concern) => (concern === 'tone' ? 'hmm, nice' : { accept: true }), { critics: ['accuracy', 'tone'] });
    const result = await oneSilent.boss.run('goal');
    expect(result.review).toMatchObject({ reviewed: true, accepted: true, leftOut: ['critic-2'] });
    expect(oneSilent.t.calls.filter((c) => c.role === 'critic')).toHaveLength(3);
    const silent = reviewed(() => 'no idea', { critics: 2 });
    const none = await silent.boss.run('goal');
    expect(none.review).toMatchObject({ reviewed: false, accepted: false });
    expect(none.warnings.join('\n')).toContain('unreviewed');
  });
});

describe('7. money: priced before each wave; stop starts nothing it cannot pay for; the whole job is the cost', () => {
  it('stop: ends before the wave it cannot afford, returning what finished with stopReason budget', async () => {
    // Four $0.01 waves; the budget pays the plan and two waves.
    const chain = { acceptance: ['x'], tasks: [task('w1'), task('w2', ['w1']), task('w3', ['w2']), task('w4', ['w3'])], estimate: { estimateUsd: 0.04 } };
    const { boss, t } = orchestrator({ plan: chain, work: (id) => id, cost: { specialist: 0.01, planner: 0.001, checker: 0 } }, { budget: { maxUsd: 0.025 }, onOverEstimate: 'stop' });
    const result = await boss.run('goal');
    expect(result).toMatchObject({ status: 'stopped', stopReason: 'budget' });
    expect(result.tasks.map((x) => x.id)).toEqual(['w1', 'w2']);
    expect(t.calls.filter((c) => c.role === 'specialist')).toHaveLength(2);
    expect(result.warnings.join('\n')).toContain('stopped before a wave it cannot pay for');
    expect(result.costUsd).toBeLessThanOrEqual(0.025);
  });

  it('warn goes on with a warning; ignore says nothing; cost is the whole job, split into work and overhead by agent', async () => {
    const chain = { acceptance: ['x'], tasks: [task('w1'), task('w2', ['w1'])], estimate: { estimateUsd: 0.02 } };
    const warn = orchestrator({ plan: chain, work: (id) => id, cost: { specialist: 0.01, planner: 0.002, checker: 0.001, consolidator: 0.003 } }, { budget: { maxUsd: 0.015 } });
    const result = await warn.boss.run('goal');
    expect(result.status).toBe('done');
    expect(result.warnings.join('\n')).toContain('over the estimate');
    expect(result.spend.workUsd).toBeCloseTo(0.02);
    expect(result.spend.overheadUsd).toBeCloseTo(0.002 + 0.002 + 0.003);
    expect(result.costUsd).toBeCloseTo(result.spend.workUsd + result.spend.overheadUsd);
    expect(result.spend.byAgent).toMatchObject({ planner: 0.002, consolidator: 0.003, w1_writer: 0.01 });
    const ignore = orchestrator({ plan: chain, work: (id) => id, cost: { specialist: 0.01 } }, { budget: { maxUsd: 0.015 }, onOverEstimate: 'ignore' });
    expect((await ignore.boss.run('goal')).warnings).toEqual([]);
  });

  it('after three finished tasks the price is what tasks here actually cost, not the estimate', async () => {
    // The estimate says $0.001 a task; they really cost $0.01. After three, the fourth wave is priced at $0.01.
    const tasks = [task('t1'), task('t2'), task('t3'), task('t4', ['t1', 't2', 't3']), task('t5', ['t4'])];
    const { boss } = orchestrator({ plan: { acceptance: ['x'], tasks, estimate: { estimateUsd: 0.005 } }, work: (id) => id, cost: { specialist: 0.01, planner: 0, checker: 0, factory: 0 } }, { budget: { maxUsd: 0.045 }, onOverEstimate: 'stop' });
    const result = await boss.run('goal');
    expect(result.tasks.map((x) => x.id)).toEqual(['t1', 't2', 't3', 't4']);
    expect(result.stopReason).toBe('budget');
  });
});

describe('8. durability: saved after every task and stage; resume redoes nothing finished; one process per job', () => {
  it('records the plan, every task and each stage in the session store; job(id) says where it stands', async () => {
    const { boss } = orchestrator({ plan: basePlan, work: (id) => id });
    const result = await boss.run('goal', { jobId: 'job-records' });
    const loaded = await jsonlSessionStore({ dir }).load('job-records');
    const keys = loaded.records.flatMap((r) => (r.type === 'meta' ? [r.key] : []));
    expect(keys.filter((k) => k === ORCHESTRATOR_KEYS.task)).toHaveLength(6);
    expect(keys.indexOf(ORCHESTRATOR_KEYS.plan)).toBeLessThan(keys.indexOf(ORCHESTRATOR_KEYS.spawn));
    expect(keys.at(-1)).toBe(ORCHESTRATOR_KEYS.end);
    expect(await boss.job(result.jobId)).toMatchObject({ stage: 'ended', tasks: { total: 6, done: 6, pending: 0 }, end: { status: 'done' } });
    // Resuming a finished job returns it and runs nothing.
    const again = await boss.resume(result.jobId);
    expect(again.status).toBe('done');
    await expect(boss.job('nope')).rejects.toMatchObject({ code: 'orchestrator.not_found' });
  });

  it('two processes cannot both run one job: the one that finds the other has written stops', async () => {
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inTaskA = new Promise<void>((r) => (reached = r));
    const slow = orchestrator({ plan: { acceptance: ['x'], tasks: [task('a'), task('b', ['a'])] }, work: async (id) => (id === 'a' ? (reached(), await gate, 'a') : 'b') });
    const first = slow.boss.run('goal', { jobId: 'job-race' });
    first.catch(() => undefined);
    await inTaskA;
    const other = createOrchestrator({ agents: team({ plan: {}, work: (id) => `${id} by the other` }).agents, store: jsonlSessionStore({ dir }), mode: 'yolo' });
    const second = await other.resume('job-race');
    release();
    await expect(first).rejects.toMatchObject({ code: 'orchestrator.taken_over' });
    expect(second.status).toBe('done');
    expect(second.tasks.find((x) => x.id === 'a')!.output).toBe('a by the other');
  });
});

describe('9. governance: maxSubagents counts every spin-up', () => {
  it('stops before the spin-up that would exceed maxSubagents', async () => {
    const { boss } = orchestrator({ plan: basePlan, work: (id) => id }, { budget: { maxSubagents: 3 }, maxConcurrency: 1 });
    const result = await boss.run('goal');
    expect(result).toMatchObject({ status: 'stopped', stopReason: 'max_subagents', subagents: 3 });
    expect(result.tasks).toHaveLength(3);
  });

  it('rejects options it does not know', () => {
    expect(() => createOrchestrator({ agents: async () => ({ text: '', costUsd: 0 }), store: jsonlSessionStore({ dir: tmpdir() }), maxConcurency: 2 } as never)).toThrow(/unknown option "maxConcurency"/);
  });
});

async function readJob(boss: { job: unknown }, jobId: string) {
  void boss;
  const { JobJournal } = await import('../src/job-journal.js');
  return (await JobJournal.read(jsonlSessionStore({ dir }), jobId)).job;
}

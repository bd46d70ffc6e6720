// @ts-check
// The boss agent from the agent development kit seed, as a Warden orchestrator (issue 37). One goal
// becomes a plan — acceptance tests first, then six tasks with dependencies, then an estimate — that
// is staffed from the bench or the factory, run in parallel waves, checked task by task (churn falls
// short twice and is re-planned by another route), consolidated and reviewed by two critics (one
// rejects, a rework round fixes it). A second job with a `stop` budget ends before a wave it cannot
// pay for. Every agent is a governed harness run on a scripted model, so it runs offline; the jobs
// are checkpointed in a JSONL session store. Run with `node boss.mjs`; it exits 1 if anything turned
// out differently from what it expects.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { createOrchestrator, harnessAgents } from '@warden/orchestrator';
import { INTERFACE_VERSIONS } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { jsonlSessionStore } from '@warden/sessions';

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-orchestrator-'));

/** The figures the specialists look up (a read-only tool every specialist may hold). */
const LEDGER = { revenue: '4.2M EUR', costs: '3.1M EUR', headcount: '212', churn: '2.1%' };
/** @type {import('@warden/protocol').ToolV1} */
const lookup = {
  specificationVersion: INTERFACE_VERSIONS.tool,
  name: 'lookup',
  description: 'Looks up a Q3 figure in the ledger.',
  inputSchema: { type: 'object', properties: { figure: { type: 'string' } }, required: ['figure'] },
  annotations: { readOnly: true },
  execute: async (args) => `${String(args.figure)}: ${LEDGER[/** @type {keyof typeof LEDGER} */ (String(args.figure))] ?? 'unknown'} (source: Q3 ledger)`,
};

/** @param {string} id @param {string[]} dependsOn @param {Record<string, unknown>} extra */
const task = (id, dependsOn = [], extra = {}) => ({ id, title: `Q3 ${id}`, instructions: `Report the Q3 ${id} with its source.`, dependsOn, doneWhen: `the ${id} figure is given with its source`, ...extra });
const PLAN = {
  acceptance: ['every figure is cited with its source', 'the summary names revenue, costs, margin, headcount and churn'],
  tasks: [
    task('revenue', [], { specialist: 'revenue_reader' }),
    task('costs', [], { specialist: 'cost_reader' }),
    task('headcount'),
    task('churn'),
    task('margin', ['revenue', 'costs']),
    task('summary', ['margin', 'headcount', 'churn']),
  ],
  estimate: { estimateUsd: 0.012 },
};

// One scripted model answers as every role. The role is in the system prompt (`Role: planner.`, …;
// a specialist's is its own instructions), the task in the user's message.
/** @type {Record<string, number>} */
const seen = {};
const once = (/** @type {string} */ key) => (seen[key] = (seen[key] ?? 0) + 1);
let reworkRounds = 0;
/** @type {import('@warden/protocol/testing').ScriptedTurn} */
const turn = (request) => {
  const text = (/** @type {string} */ role) => request.messages.filter((m) => m.role === role).flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' ? [p.text] : []))).join('\n');
  const system = text('system');
  const input = text('user');
  const id = /Task "([^"]+)"/.exec(input)?.[1] ?? '';
  const json = (/** @type {unknown} */ value) => ({ text: JSON.stringify(value), costUsd: 0.0004 });
  const last = request.messages.at(-1);
  const looked = last?.role === 'tool' ? last.parts.flatMap((p) => (p.type === 'tool_result' ? [JSON.stringify(p.content)] : [])).join(' ') : '';
  if (system.includes('Role: planner.')) {
    if (system.includes('could not be done')) return json({ tasks: [task('churn_crm', [], { instructions: 'Read Q3 churn from the CRM export instead.', doneWhen: 'the churn figure is given with its source' })] });
    if (system.includes('Critics rejected')) return (reworkRounds += 1), json({ tasks: [task('margin_note', ['margin'], { instructions: 'Give the margin with the figures it is computed from.', doneWhen: 'the margin is cited with its inputs' })] });
    return json(PLAN);
  }
  if (system.includes('Role: factory.')) return json({ name: `${id}_reader`, instructions: `Report the Q3 ${id}, calling lookup for every figure.`, tools: ['lookup', 'shell'], tier: 'fast', maxSteps: 4 });
  if (system.includes('Role: checker.')) return json((input.split('Hand-back:\n')[1] ?? '').includes('source') ? { pass: true } : { pass: false, missing: 'the figure has no source' });
  if (system.includes('Role: consolidator.')) {
    const note = input.includes('[margin_note]') ? ' Margin: 26% = (4.2M − 3.1M) / 4.2M (source: Q3 ledger).' : ' Margin: 26%.';
    return json({
      deliverable: `Q3: revenue 4.2M EUR, costs 3.1M EUR, headcount 212, churn 2.1% (sources: Q3 ledger, CRM export).${note}`,
      items: [
        { text: 'Revenue 4.2M EUR', from: ['revenue'], rank: 1 },
        { text: 'Churn 2.1%', from: ['churn'], rank: 3 },
        { text: 'revenue 4.2M EUR', from: ['summary'], rank: 2 },
      ],
    });
  }
  if (system.includes('Role: critic.')) {
    const accuracy = system.includes('accuracy');
    return json(accuracy && reworkRounds === 0 ? { accept: false, problems: ['The margin is given without the figures it is computed from.'] } : { accept: true, problems: [] });
  }
  // A specialist: look the figure up, then answer with what came back.
  const figure = id === 'churn_crm' ? 'churn' : id;
  if (id === 'churn') return { text: `churn went down (attempt ${once('churn')})`, costUsd: 0.001 };
  if (id in LEDGER || id === 'churn_crm') {
    if (!looked) return { toolCalls: [{ name: 'lookup', args: { figure } }], costUsd: 0.0005 };
    return { text: looked.replaceAll('"', ''), costUsd: 0.0005 };
  }
  return { text: `${id}: computed from its inputs (source: Q3 ledger)`, costUsd: 0.001 };
};

const harness = await createHarness({
  workdir: workspace,
  provider: scriptedProvider(Array.from({ length: 400 }, () => turn)),
  mode: 'safe',
  env: {},
  tools: [lookup],
  builtinTools: { shell: false, write_file: false, edit_file: false },
  audit: { file: path.join(workspace, 'audit.jsonl') },
});
const agents = harnessAgents(harness);
const store = jsonlSessionStore({ dir: path.join(workspace, 'jobs') });
const bench = [
  { name: 'revenue_reader', description: 'Finds revenue figures.', instructions: 'Look up the revenue figure and report it with its source.', tools: ['lookup'], tier: /** @type {const} */ ('fast') },
  { name: 'cost_reader', description: 'Finds cost figures.', instructions: 'Look up the cost figure and report it with its source.', tools: ['lookup'], tier: /** @type {const} */ ('fast') },
];
/** @type {import('@warden/protocol').ApproverV1} */
const person = { specificationVersion: INTERFACE_VERSIONS.approver, kind: 'person', approve: async (request) => ({ outcome: 'approved', by: 'ana', digest: request.digest }) };

const boss = createOrchestrator({
  name: 'boss',
  agents,
  store,
  tools: harness.tools.map((t) => t.name),
  bench,
  maxConcurrency: 4,
  critics: ['the accuracy of every figure', 'length and tone'],
  accept: 'all',
  maxRework: 1,
  budget: { maxUsd: 2 },
  approver: person,
  onEvent: (e) => console.log(`${e.type.padEnd(13)} ${e.task ? `${e.task}: ` : ''}${e.message ?? ''}`),
});
const result = await boss.run('Summarise how Q3 went, with the numbers cited.');
console.log(`\n${result.status} (${result.stopReason}): ${result.output}`);
console.log(`cost $${result.costUsd.toFixed(4)} — work $${result.spend.workUsd.toFixed(4)}, overhead $${result.spend.overheadUsd.toFixed(4)}`);

// The same goal with a budget that pays for the plan and the first wave only, and `stop`.
const tight = createOrchestrator({ agents, store, tools: ['lookup'], bench, budget: { maxUsd: 0.006 }, onOverEstimate: 'stop', approver: person });
const stopped = await tight.run('Summarise how Q3 went, with the numbers cited.');
console.log(`\nbudget run: ${stopped.status} (${stopped.stopReason}) after ${stopped.tasks.map((t) => t.id).join(', ')}`);
const status = await boss.job(result.jobId);

await agents.close();
await harness.close();
await rm(workspace, { recursive: true, force: true });

const taskOf = (/** @type {string} */ id) => result.tasks.find((t) => t.id === id);
const checks = [
  ['the plan has acceptance tests and six tasks with dependencies, approved once by a person', result.plan?.acceptance.length === 2 && PLAN.tasks.length === 6 && result.approval?.status === 'approved'],
  ['churn fell short twice and was re-planned by another route', taskOf('churn')?.status === 'replaced' && taskOf('churn')?.attempts === 2 && taskOf('churn_crm')?.status === 'done'],
  ['the summary waited on the replacement', result.plan?.tasks.find((t) => t.id === 'summary')?.dependsOn.includes('churn_crm') === true],
  ['the critics rejected once and the rework round passed', reworkRounds === 1 && result.review?.round === 1 && result.review.accepted === true],
  ['the deliverable cites the margin inputs', result.output.includes('(4.2M − 3.1M) / 4.2M')],
  ['churn is attributed to what replaced it, and a repeated item is said once', JSON.stringify(result.consolidation?.items.find((i) => i.text === 'Churn 2.1%')?.from) === '["churn_crm"]' && result.consolidation?.items.length === 2],
  ['bench specialists were reused; the factory never gave a tool the orchestrator lacks', result.warnings.some((w) => w.includes('does not hold: shell'))],
  ['the cost is the whole job, split into work and overhead', result.costUsd > 0 && Math.abs(result.costUsd - result.spend.workUsd - result.spend.overheadUsd) < 1e-9 && result.spend.overheadUsd > 0],
  ['job(id) reads the finished job from the store', status.stage === 'ended' && status.tasks.done === 7 && status.tasks.replaced === 1],
  ['the stop-budget run stopped before a wave it could not pay for', stopped.stopReason === 'budget' && stopped.tasks.length > 0 && stopped.tasks.length < 6],
];
let failed = false;
for (const [what, ok] of checks) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed = true;
}
process.exit(failed ? 1 : 0);

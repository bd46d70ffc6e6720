// @ts-check
// The refund desk from the agent development kit seed, as a Warden workflow (issue 36). The order is
// fixed in refunds.yaml; the agents in it are governed harness runs (here on scripted models, so it
// runs offline), the tools are plain Warden tools, and every tool and agent step is checkpointed in a
// JSONL session store, so a crashed run resumes where it stopped. Run with `node refunds.mjs`; it
// exits 1 if anything turned out differently from what it expects.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { INTERFACE_VERSIONS } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { jsonlSessionStore } from '@warden/sessions';
import { loadWorkflow } from '@warden/workflows';

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-workflow-'));

/** A tool as the workflow sees it; `issue_refund` fails once, and the file's `retry: 2` absorbs it. */
/** @type {string[]} */
const refunds = [];
let busy = 1;
/** @param {string} name @param {import('@warden/protocol').ToolAnnotations} annotations @param {(args: any) => string} run */
const tool = (name, annotations, run) => /** @type {import('@warden/protocol').ToolV1} */ ({ specificationVersion: INTERFACE_VERSIONS.tool, name, description: name, inputSchema: { type: 'object' }, annotations, execute: run });
const tools = [
  tool('find_charges', { readOnly: true }, (args) => JSON.stringify({ order: args.order, amount: 40, duplicate: args.order === '4182' })),
  tool('customer_profile', { readOnly: true }, (args) => JSON.stringify({ customer: args.customer, tier: 'gold' })),
  tool('issue_refund', { mutating: true }, (args) => {
    if (busy-- > 0) throw new Error('payment service busy');
    refunds.push(args.order);
    return `refunded ${args.order}`;
  }),
];

// Each agent of the file is a harness run with the file's instructions, on its own scripted model.
/** @type {Record<string, string[]>} */
const answers = {
  classifier: ['{"duplicates": ["4182"]}'],
  writer: ['Hi, we refunded 40 EUR.', 'Dear customer, we refunded the duplicate charge of 40 EUR. Sorry for the trouble.'],
  reviewer: ['{"approved": false, "fix": "be warmer"}', '{"approved": true}'],
};
/** @type {import('@warden/workflows').WorkflowOptions['buildAgent']} */
const buildAgent = (name, spec) => async ({ input }) => {
  const harness = await createHarness({
    workdir: workspace,
    provider: scriptedProvider([answers[name]?.shift() ?? 'no more answers']),
    mode: 'safe',
    env: {},
    instructions: spec.instructions,
    builtinTools: { read_file: false, list_files: false, grep: false, write_file: false, edit_file: false, shell: false },
  });
  try {
    const run = await harness.run(input);
    return { text: run.output, costUsd: run.costUsd };
  } finally {
    await harness.close();
  }
};

const store = jsonlSessionStore({ dir: path.join(workspace, 'runs') });
const workflow = await loadWorkflow(new URL('./refunds.yaml', import.meta.url).pathname, { tools, buildAgent, store, onEvent: (e) => e.type === 'step_end' && console.log(`step_end  ${e.step}`) });
console.log(workflow.describe());
const result = await workflow.run({ customer: 'c_17', orders: ['4182', '4190'] });
console.log(`\n${result.status}: ${JSON.stringify(result.output)}`);

const records = (await readFile(path.join(workspace, 'runs', `${result.runId}.jsonl`), 'utf8')).trim().split('\n');
await rm(workspace, { recursive: true, force: true });

const checks = [
  ['the workflow finished', result.status === 'ok'],
  ['the approved email is the output', String(result.output).startsWith('Dear customer')],
  ['one refund, for the duplicate, after one retry', refunds.length === 1 && refunds[0] === '4182'],
  ['the state holds the refund total and the verdict', result.state.refunded === 40 && JSON.stringify(result.state.verdict) === '{"duplicates":["4182"]}'],
  ['two drafts before the reviewer approved', result.steps.email?.iterations === 2],
  ['the run is checkpointed in the session store', records.length > 10],
];
let failed = false;
for (const [what, ok] of checks) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed = true;
}
process.exitCode = failed ? 1 : 0;

// A workflow process for the crash test: runs (or, with RESUME=<runId>, resumes) a three-part
// workflow on a JSONL store. Side effects are lines appended to files in WORK; the `wait` tool
// hangs the first time (until the parent kills this process) and returns at once after that.
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonlSessionStore } from '@warden/sessions';
import { createWorkflow, parseWorkflow } from '../../dist/index.js';

const work = process.env.WORK;
const hangIn = process.env.HANG_IN ?? 'wait';
const tool = (name, annotations, run) => ({ specificationVersion: 'v1', name, description: name, inputSchema: { type: 'object' }, annotations, execute: run });
const hangOnce = (name) => {
  const marker = join(work, `${name}.reached`);
  if (existsSync(marker)) return false;
  writeFileSync(marker, String(process.pid));
  return true;
};
const forever = () => new Promise(() => setInterval(() => {}, 1000));
const tools = [
  tool('charge', { mutating: true }, async (args) => {
    if (hangIn === 'charge' && args.order === '2' && hangOnce('charge')) return forever();
    appendFileSync(join(work, 'charges.log'), `charge ${args.order}\n`);
    return `charged ${args.order}`;
  }),
  tool('wait', { readOnly: true }, async () => {
    if (hangIn === 'wait' && hangOnce('wait')) return forever();
    appendFileSync(join(work, 'waits.log'), 'wait\n');
    return 'waited';
  }),
  tool('finish', { mutating: true }, async (args) => {
    appendFileSync(join(work, 'finish.log'), `finish ${args.total}\n`);
    return 'finished';
  }),
];
const text = `
name: crashy
inputs: {orders: {type: array, required: true}}
state: {total: 0}
steps:
  - foreach: "{{ inputs.orders }}"
    as: order
    steps:
      - {tool: charge, args: {order: "{{ order }}"}}
      - set: {total: "{{ state.total + 1 }}"}
  - {id: waited, tool: wait}
  - {tool: finish, args: {total: "{{ state.total }}"}}
output: "{{ state.total }} charged"
`;
const store = jsonlSessionStore({ dir: join(work, 'sessions') });
const workflow = createWorkflow(parseWorkflow(text), { tools, store });
const result = process.env.RESUME ? await workflow.resume(process.env.RESUME) : await workflow.run({ orders: ['1', '2', '3'] }, { runId: 'wf-crash' });
writeFileSync(join(work, 'result.json'), JSON.stringify(result));

// @ts-check
// A researcher hands the conversation to a writer (issue 21): one run, one session, two agents.
// `createHarness` with `handoffs` in its config gives the researcher a `transfer_to_writer` tool;
// the writer holds only the tools the harness's agent holds, under a gate at least as strict, and
// the run stays tainted by what the researcher read. The Handoff record and its receipt are the
// protocol's: the same JSON crosses a fleet worker or an A2A hop. Offline, with a scripted model.
// Run with `node handoff.mjs`; exits 1 if anything turned out differently from what it expects.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { handoffReceipt } from '@warden/protocol/handoff';
import { textOf } from '@warden/protocol';
import { handoffFromJson, handoffToJson } from '@warden/protocol/schemas';
import { scriptedProvider } from '@warden/protocol/testing';

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-handoff-'));
await writeFile(path.join(workspace, 'sources.md'), '# Sources\n\n1. Shor (1995)\n2. Steane (1996)\n3. Gottesman (1997)\n');

// The model, one script per agent, chosen by the marker in each agent's instructions.
/** @type {Record<string, import('@warden/protocol/testing').ScriptedTurn[]>} */
const scripts = {
  RESEARCHER: [
    { toolCalls: [{ id: 'read-sources', name: 'read_file', args: { path: 'sources.md' } }] },
    {
      toolCalls: [
        {
          id: 'handoff',
          name: 'transfer_to_writer',
          args: { summary: 'Found 3 key sources on quantum error correction (Shor, Steane, Gottesman).', artifacts: ['sources.md'], confidence: 0.85, suggested_next_action: 'write report.md' },
        },
      ],
    },
  ],
  WRITER: [
    { toolCalls: [{ id: 'write-report', name: 'write_file', args: { path: 'report.md', content: '# Quantum error correction\n\nThree founding papers: Shor, Steane, Gottesman.\n' } }] },
    'report.md is written.',
    'Yes: report.md cites all three sources.',
  ],
};
const provider = scriptedProvider(
  Array.from({ length: 8 }, () => (/** @type {import('@warden/protocol').ModelRequest} */ request) => {
    const system = request.messages[0];
    const agent = system && textOf(system).includes('WRITER:') ? 'WRITER' : 'RESEARCHER';
    return scripts[agent]?.shift() ?? 'script exhausted';
  }),
);

const config = {
  workdir: workspace,
  provider,
  mode: /** @type {const} */ ('safe'),
  approver: /** @type {const} */ ('yes'),
  env: {},
  instructions: 'RESEARCHER: find the sources, then hand over to the writer.',
  handoffs: {
    name: 'researcher',
    maxHandoffs: 2,
    agents: {
      writer: { description: 'Writes reports from research.', instructions: 'WRITER: write the report the handoff asks for.', tools: ['read_file', 'write_file'], history: /** @type {const} */ ('summary') },
    },
  },
};

const harness = await createHarness(config);
/** @type {import('@warden/protocol').RunEventOf<'handoff'> | undefined} */
let handoffEvent;
const task = 'Research sources.md and write report.md from it.';
const first = await harness.run(task, {
  onEvent(event) {
    if (event.type === 'handoff') {
      handoffEvent = event;
      console.log(`handoff   ${event.handoff.from} → ${event.handoff.to} (${event.handoff.history}): ${event.handoff.contextSummary}`);
      console.log(`receipt   ${event.receipt.status} by ${event.receipt.by}`);
    }
    if (event.type === 'tool_decision') console.log(`${event.name.padEnd(18)} ${event.decision.effect} ${event.decision.rule}${event.approval ? ` → ${event.approval.outcome}` : ''}`);
  },
});
const auditFile = harness.auditFile ?? '';
await harness.close();

// The same record as it would cross a process boundary: validated, size-limited JSON, and a receipt.
const wire = handoffToJson(/** @type {NonNullable<typeof handoffEvent>} */ (handoffEvent).handoff);
const received = handoffFromJson(wire);
const receipt = handoffReceipt(received, 'accepted');
console.log(`wire      ${wire.length} bytes; received ${received.from} → ${received.to}, next action: ${received.suggestedNextAction}; receipt ${receipt.status}`);

// The next turn of the same conversation, from a new harness (another process): the writer still holds it.
const again = await createHarness({ ...config, sessionId: first.sessionId ?? '' });
const second = await again.run('Does it cite all three?');
await again.close();

const report = await readFile(path.join(workspace, 'report.md'), 'utf8').catch(() => '');
const trail = (await readFile(auditFile, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
await rm(workspace, { recursive: true, force: true });

const checks = [
  ['the run finished with the writer holding the conversation', first.stopReason === 'done' && first.agent === 'writer'],
  ['one handoff was granted, with an accepted receipt', first.handoffs.length === 1 && handoffEvent?.receipt.status === 'accepted'],
  ['the writer wrote report.md (named by the task, approved by --yes)', report.includes('Shor')],
  ['the run stayed tainted by what the researcher read', first.tainted],
  ['the Handoff survived toJson/fromJson unchanged', JSON.stringify(received) === JSON.stringify(handoffEvent?.handoff)],
  ['the next turn went to the writer (sticky)', second.agent === 'writer' && second.output.startsWith('Yes')],
  ['the audit trail records the handoff and its receipt', trail.some((e) => e.kind === 'handoff' && e.data.receipt.status === 'accepted')],
];
let failed = false;
for (const [what, ok] of checks) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failed = true;
}
process.exitCode = failed ? 1 : 0;

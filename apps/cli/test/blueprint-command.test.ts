import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider } from './helpers/workspace.js';

// `warden run --blueprint … --agent …` and `warden agents …` as a person runs them: the real binary,
// a blueprint with two agents that hand off to each other and two versions, tools named as module
// specifiers beside the file, and a fake OpenAI-compatible server playing the model.
let dir = '';
let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

const BLUEPRINT = `defaults: {max_turns: 6}
prompts:
  house_style: Answer in plain sentences and cite the order.
agents:
  support:
    description: Order questions.
    instructions: "SUPPORT {house_style}"
    tools: ["./tools.mjs#orderStatus", read_file]
    handoffs: [{agent: billing, history: summary}]
    versions:
      v1: {instructions: "SUPPORT-V1 Answer order questions."}
      v2: {instructions: "SUPPORT-V2 {house_style}"}
  billing:
    description: Refunds and invoices.
    instructions: BILLING Handle refunds.
    tools: ["./tools.mjs#issueRefund"]
    handoffs: [support]
`;

const TOOLS = `import { appendFileSync } from 'node:fs';
const tool = (name, annotations, execute) => ({ specificationVersion: 'v1', name, description: name, inputSchema: { type: 'object', properties: { order: { type: 'string' } } }, annotations, execute });
export const orderStatus = tool('order_status', { readOnly: true }, (args) => 'order ' + args.order + ': shipped');
export const issueRefund = tool('issue_refund', { mutating: true }, (args) => (appendFileSync('refunds.log', args.order + '\\n'), 'refunded ' + args.order));
export const notATool = 7;
`;

function workspace(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'warden-bp-cli-'));
  writeFileSync(path.join(dir, 'agents.yaml'), BLUEPRINT);
  writeFileSync(path.join(dir, 'tools.mjs'), TOOLS);
  return dir;
}

const systemOf = (request: Record<string, unknown>) => String((request.messages as Array<{ role: string; content: unknown }>).find((m) => m.role === 'system')?.content ?? '');
const toolNames = (request: Record<string, unknown>) => ((request.tools ?? []) as Array<{ function: { name: string } }>).map((t) => t.function.name);
const events = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [k: string]: unknown });
const trail = (cwd: string) => readFileSync(path.join(cwd, '.warden', 'audit.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; data: Record<string, unknown> });

describe('warden run --blueprint', () => {
  it('runs a declared agent at two versions: the handoff, the version in run_start, the session and the audit trail', async () => {
    const cwd = workspace();
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'order_status', args: { order: '4182' } }] },
      { toolCalls: [{ name: 'transfer_to_billing', args: { summary: 'Order 4182 shipped; the customer wants a refund.' } }] },
      { toolCalls: [{ name: 'issue_refund', args: { order: '4182' } }] },
      { text: 'Refund for order 4182 started.' },
      { text: 'Order 4190 is on its way.' },
    ]);
    const { args, env } = fakeProvider(server.url);
    const v2 = await runCli(['run', '--blueprint', 'agents.yaml', '--agent', 'support', '--agent-version', 'v2', '--yes', '--json', ...args, 'Where is order 4182? I want a refund.'], { cwd, env });
    expect(v2.stderr).toBe('');
    expect(v2.code).toBe(0);
    const ran = events(v2.stdout);
    expect(ran[0]).toMatchObject({ type: 'run_start', agent: 'support', agentVersion: 'v2' });
    expect(ran.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
    expect(ran.some((e) => e.type === 'handoff')).toBe(true);
    // The version's instructions (with the prompt filled in), then the billing agent's after the handoff.
    expect(systemOf(server.requests[0]!)).toContain('SUPPORT-V2 Answer in plain sentences and cite the order.');
    expect(toolNames(server.requests[0]!)).toEqual(expect.arrayContaining(['order_status', 'read_file', 'transfer_to_billing']));
    expect(toolNames(server.requests[0]!)).not.toContain('write_file');
    expect(systemOf(server.requests[2]!)).toContain('BILLING Handle refunds.');
    expect(readFileSync(path.join(cwd, 'refunds.log'), 'utf8')).toBe('4182\n');
    const sessionId = String(ran[0]!.sessionId);
    expect(readFileSync(path.join(cwd, '.warden', 'sessions', `${sessionId}.jsonl`), 'utf8')).toMatch(/"agentVersion":"v2"/);
    expect(trail(cwd).find((e) => e.kind === 'run_start')?.data).toMatchObject({ agent: 'support', agentVersion: 'v2' });

    const v1 = await runCli(['run', '--blueprint', 'agents.yaml', '--agent', 'support', '--agent-version', 'v1', '--json', ...args, 'Where is order 4190?'], { cwd, env });
    expect(v1.code).toBe(0);
    expect(events(v1.stdout)[0]).toMatchObject({ type: 'run_start', agentVersion: 'v1' });
    expect(systemOf(server.requests[4]!)).toContain('SUPPORT-V1 Answer order questions.');
    expect(trail(cwd).filter((e) => e.kind === 'run_start').map((e) => e.data.agentVersion)).toEqual(['v2', 'v1']);
  });

  it('is governed like any run: without --yes the mutating module tool is refused (exit 4); a wrong agent or version is a usage error', async () => {
    const cwd = workspace();
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'issue_refund', args: { order: '4182' } }] }, { text: 'Could not refund.' }]);
    const { args, env } = fakeProvider(server.url);
    const refused = await runCli(['run', '--blueprint', 'agents.yaml', '--agent', 'billing', ...args, 'Refund order 4182.'], { cwd, env });
    expect(refused.code).toBe(4);
    expect(existsSync(path.join(cwd, 'refunds.log'))).toBe(false);
    // The call is in the audit trail, refused: it never ran.
    const refund = trail(cwd).filter((e) => JSON.stringify(e.data).includes('issue_refund'));
    expect(refund.length).toBeGreaterThan(0);
    expect(refund.some((e) => e.kind === 'tool_result' && e.data.status === 'ok')).toBe(false);

    const wrongAgent = await runCli(['run', '--blueprint', 'agents.yaml', '--agent', 'suport', ...args, 'hi'], { cwd, env });
    expect(wrongAgent.code).toBe(2);
    expect(wrongAgent.stderr).toContain('no agent "suport" (did you mean "support"?)');
    const wrongVersion = await runCli(['run', '--blueprint', 'agents.yaml', '--agent', 'support', '--agent-version', 'v3', ...args, 'hi'], { cwd, env });
    expect(wrongVersion.code).toBe(2);
    expect(wrongVersion.stderr).toContain('agent "support" has no version "v3"');
    const noFile = await runCli(['run', '--agent', 'support', ...args, 'hi'], { cwd, env });
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--agent');
    expect(server.requests).toHaveLength(2);
  });
});

describe('warden agents', () => {
  it('list and show what the blueprint declares', async () => {
    const cwd = workspace();
    const list = await runCli(['agents', 'list', '--blueprint', 'agents.yaml'], { cwd });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/support {2}Order questions\. {2}versions: v1, v2/);
    expect(list.stdout).toMatch(/billing {2}Refunds and invoices\./);
    const show = await runCli(['agents', 'show', 'support', '--agent-version', 'v1', '--blueprint', 'agents.yaml', '--json'], { cwd });
    expect(show.code).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ type: 'agent', agent: 'support', version: 'v1', instructions: 'SUPPORT-V1 Answer order questions.', tools: ['order_status', 'read_file'], handoffs: { name: 'support', agents: { billing: { tools: ['issue_refund'], history: 'summary' } } } });
  });

  it('check: a valid file passes; a wrong one lists every problem with its line, column and "did you mean" (exit 2)', async () => {
    const cwd = workspace();
    const ok = await runCli(['agents', 'check', '--blueprint', 'agents.yaml'], { cwd });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('✔ agents.yaml is a valid blueprint.');

    writeFileSync(path.join(cwd, 'shape.yaml'), 'agents:\n  support:\n    instructionz: hi\n    handoffs: [biling]\n  billing: {tools: [read_file]}\n');
    const shape = await runCli(['agents', 'check', '--blueprint', 'shape.yaml'], { cwd });
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain('shape.yaml has 1 problem:');
    expect(shape.stderr).toContain('shape.yaml:3:5  unknown key "instructionz" (did you mean "instructions"?)');

    writeFileSync(path.join(cwd, 'refs.yaml'), 'agents:\n  support:\n    handoffs: [biling]\n    tools: ["./tools.mjs#orderStatu", "./tools.mjs#notATool"]\n  billing: {tools: [read_fil]}\n');
    const refs = await runCli(['agents', 'check', '--blueprint', 'refs.yaml', '--lang', 'fr'], { cwd });
    expect(refs.code).toBe(2);
    expect(refs.stderr).toContain('refs.yaml a 1 problème :');
    expect(refs.stderr).toContain('refs.yaml:3:16  the agent "biling" is not declared (did you mean "billing"?)');
    // With the cross references right, the tool modules are loaded and each export checked.
    writeFileSync(path.join(cwd, 'refs.yaml'), readFileSync(path.join(cwd, 'refs.yaml'), 'utf8').replace('biling', 'billing'));
    const tools = await runCli(['agents', 'check', '--blueprint', 'refs.yaml'], { cwd });
    expect(tools.code).toBe(2);
    expect(tools.stderr).toContain('refs.yaml:4:13  the module "./tools.mjs" has no export "orderStatu" (did you mean "orderStatus"?)');
    expect(tools.stderr).toContain('refs.yaml:4:39  "./tools.mjs#notATool" is not a Warden tool');
    // And with every module right, a tool nobody supplied is named where the agent names it.
    writeFileSync(path.join(cwd, 'refs.yaml'), 'agents:\n  support:\n    handoffs: [billing]\n    tools: ["./tools.mjs#orderStatus"]\n  billing: {tools: [read_fil]}\n');
    const unknown = await runCli(['agents', 'check', '--blueprint', 'refs.yaml'], { cwd });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('refs.yaml:5:20  agent "billing" names a tool nobody supplied: "read_fil" (did you mean "read_file"?)');
    // A run of a broken blueprint stops before any model call, with the same places.
    const run = await runCli(['run', '--blueprint', 'shape.yaml', '--agent', 'support', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', 'hi'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('shape.yaml:3:5  unknown key "instructionz"');
  });

  it('runs a workflow the blueprint declares: its steps name the module tools and the declared agents', async () => {
    const cwd = workspace();
    writeFileSync(path.join(cwd, 'agents.yaml'), `${BLUEPRINT}workflows: {lookup: ./lookup.yaml}\n`);
    writeFileSync(
      path.join(cwd, 'lookup.yaml'),
      'name: lookup\ninputs: {order: {type: string, required: true}}\nsteps:\n  - {id: status, tool: order_status, args: {order: "{{ inputs.order }}"}}\n  - {id: answer, agent: support, input: "Tell the customer: {{ steps.status.output }}"}\noutput: "{{ steps.answer.output }}"\n',
    );
    server = await startFakeOpenAI([{ text: 'Your order 4182 has shipped.' }]);
    const { args, env } = fakeProvider(server.url);
    const check = await runCli(['workflow', 'lookup', '--blueprint', 'agents.yaml', '--check'], { cwd });
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('✔ lookup is a valid workflow.');
    const ran = await runCli(['workflow', 'lookup', '--blueprint', 'agents.yaml', '--input', 'order="4182"', ...args], { cwd, env });
    expect(ran.code).toBe(0);
    expect(ran.stdout.trim()).toBe('Your order 4182 has shipped.');
    expect(systemOf(server.requests[0]!)).toContain('SUPPORT Answer in plain sentences');
    expect(JSON.stringify(server.requests[0]!.messages)).toContain('order 4182: shipped');
    // Every workflow event is a record in the workspace's audit trail, beside the agent's run.
    const kinds = trail(cwd).map((e) => e.kind);
    expect(kinds.filter((k) => k.startsWith('workflow.'))).toEqual(['workflow.workflow_start', 'workflow.step_start', 'workflow.step_end', 'workflow.step_start', 'workflow.step_end', 'workflow.workflow_end']);
    expect(kinds).toContain('run_start');
    // One hash chain: the workflow's records and the agent's run records interleave without breaking it.
    const verified = await runCli(['audit', 'verify'], { cwd });
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    // `warden agents` lists it and `check` checks it: a step naming an agent nobody declared, with its place.
    expect((await runCli(['agents', 'list', '--blueprint', 'agents.yaml'], { cwd })).stdout).toContain('workflow: lookup');
    writeFileSync(path.join(cwd, 'lookup.yaml'), readFileSync(path.join(cwd, 'lookup.yaml'), 'utf8').replace('agent: support', 'agent: suport'));
    const bad = await runCli(['agents', 'check', '--blueprint', 'agents.yaml'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('lookup.yaml:5:5  step "answer" names the agent "suport", which is neither in the file\'s agents nor supplied (did you mean "support"?)');
  });
});

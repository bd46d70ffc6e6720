import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

// `warden workflow` as a person runs it: the real binary, a workflow file, a tools module, the
// workspace's session store, and a fake OpenAI-compatible server for the file's agent.
let dir = '';
let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

const FLOW = `name: notes
inputs: {items: {type: array, required: true}}
state: {count: 0}
agents:
  titler: {instructions: Give the list a short title.}
steps:
  - foreach: "{{ inputs.items }}"
    as: item
    steps:
      - {tool: append_note, args: {text: "{{ item }}"}}
      - set: {count: "{{ state.count + 1 }}"}
  - {id: title, agent: titler, input: "Notes: {{ join(inputs.items) }}"}
  - {id: done, tool: flaky_finish, args: {count: "{{ state.count }}"}}
output: "{{ steps.title.output }}: {{ state.count }} notes"
`;

const TOOLS = `import { appendFileSync, existsSync } from 'node:fs';
const tool = (name, annotations, execute) => ({ specificationVersion: 'v1', name, description: name, inputSchema: { type: 'object' }, annotations, execute });
export const appendNote = tool('append_note', { mutating: true }, (args) => (appendFileSync('notes.log', args.text + '\\n'), 'ok'));
export const flakyFinish = tool('flaky_finish', { mutating: true }, (args) => (existsSync('up') ? 'finished ' + args.count : { content: 'service down', isError: true }));
`;

function workspace(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'warden-wf-cli-'));
  writeFileSync(path.join(dir, 'flow.yaml'), FLOW);
  writeFileSync(path.join(dir, 'tools.mjs'), TOOLS);
  return dir;
}

describe('warden workflow', () => {
  it('--check prints the outline, and a wrong file lists every problem with its line and column (exit 2)', async () => {
    const cwd = workspace();
    const ok = await runCli(['workflow', 'flow.yaml', '--check', '--tools', './tools.mjs'], { cwd });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('- foreach item in {{ inputs.items }}');
    expect(ok.stdout).toContain('✔ notes is a valid workflow.');
    writeFileSync(path.join(cwd, 'bad.yaml'), 'name: bad\nsteps:\n  - {tool: t, retyr: 2}\n  - {id: x, tool: t, args: {a: "{{ steps.nope.output }}"}}\n');
    const bad = await runCli(['workflow', 'bad.yaml', '--check', '--lang', 'es'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('bad.yaml tiene 2 problemas:');
    expect(bad.stderr).toContain('bad.yaml:3:15  unknown key "retyr" (did you mean "retry"?)');
    expect(bad.stderr).toMatch(/bad\.yaml:4:32 {2}\{\{ steps\.nope\.output \}\} names the step "nope"/);
    const unbound = await runCli(['workflow', 'flow.yaml', '--check'], { cwd });
    expect(unbound.code).toBe(1);
    expect(unbound.stderr).toContain('[workflow.unknown_tool]');
  });

  it('runs with a tools module and an agent on the configured model; a failed step resumes where it stopped, without repeating a tool', async () => {
    const cwd = workspace();
    server = await startFakeOpenAI([{ text: 'Groceries' }], { text: 'unexpected' });
    const common = ['--tools', './tools.mjs', '--base-url', server.url, '--model', 'small'];
    const first = await runCli(['workflow', 'flow.yaml', '--input', 'items=["milk","eggs"]', ...common], { cwd });
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/workflow run (wf-[0-9a-f-]+) failed at step done/);
    const runId = /run: (wf-[0-9a-f-]+)/.exec(first.stderr)![1]!;
    expect(readFileSync(path.join(cwd, 'notes.log'), 'utf8')).toBe('milk\neggs\n');
    // The run is in the workspace's session store, where `warden sessions` finds it.
    expect(readdirSync(path.join(cwd, '.warden', 'sessions'))).toContain(`${runId}.jsonl`);

    writeFileSync(path.join(cwd, 'up'), '');
    const resumed = await runCli(['workflow', 'resume', runId, ...common], { cwd });
    expect(resumed.stderr).not.toContain('failed');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trim()).toBe('Groceries: 2 notes');
    expect(resumed.stderr).toContain('(from the checkpoint)');
    // Each note was appended once, and the agent was asked once: its answer came from the checkpoint.
    expect(readFileSync(path.join(cwd, 'notes.log'), 'utf8')).toBe('milk\neggs\n');
    expect(server.requests).toHaveLength(1);
    expect(existsSync(path.join(cwd, '.warden', 'audit.jsonl'))).toBe(true);
  });

  it('--input must be NAME=VALUE; an unknown run id says so', async () => {
    const cwd = workspace();
    const bad = await runCli(['workflow', 'flow.yaml', '--tools', './tools.mjs', '--input', 'items'], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"items" is not NAME=VALUE');
    const missing = await runCli(['workflow', 'resume', 'wf-nope', '--tools', './tools.mjs'], { cwd });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('[workflow.not_found]');
  });
});

import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastToolResult, startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Wire = Array<Record<string, unknown>>;
const text = (m: Record<string, unknown>): string => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''));

/** A model that follows its instructions: it states the refund window only when its system prompt asks it to. */
function supportModel(messages: Wire): { text?: string; toolCalls?: Array<{ name: string; args: Record<string, unknown> }> } {
  const system = messages.filter((m) => m.role === 'system').map(text).join('\n');
  const last = messages.at(-1)!;
  const task = messages.filter((m) => m.role === 'user').map(text).at(-1) ?? '';
  const order = /order (\d+)/.exec(task)?.[1];
  if (order && last.role === 'user') return { toolCalls: [{ name: 'read_file', args: { path: `orders/${order}.txt` } }] };
  if (last.role === 'tool') return { text: `The record says: ${lastToolResult(messages)}` };
  return { text: system.includes('30-day refund window') ? 'Yes: you have our 30-day refund window.' : 'Yes, you can return them.' };
}

function supportWorkspace(): string {
  const dir = tempWorkspace('warden-cli-eval-');
  mkdirSync(path.join(dir, 'orders'));
  writeFileSync(path.join(dir, 'orders', '4182.txt'), 'order 4182: shipped\n');
  writeFileSync(
    path.join(dir, 'agents.yaml'),
    [
      'agents:',
      '  support:',
      '    instructions: "Answer order questions. Always state the 30-day refund window."',
      '    tools: [read_file]',
      '    versions:',
      '      v1: {instructions: "Answer order questions. Always state the 30-day refund window."}',
      '      v2: {instructions: "Answer order questions briefly."}',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'support.eval.yaml'),
    [
      'suite: support-desk',
      'tasks:',
      '  - id: order-status',
      '    input: Where is order 4182?',
      '    expect: {toolCalled: [{name: read_file, args: {path: orders/4182.txt}}], contains: shipped}',
      '  - id: refund-window',
      '    input: Can I return the shoes I bought?',
      '    expect: {contains: 30-day refund window}',
    ].join('\n'),
  );
  return dir;
}

describe('warden eval (spawned binary)', () => {
  it('v2 drops an instruction: one task REGRESSED against the saved v1 baseline, exit 1', async () => {
    server = await startFakeOpenAI([], supportModel);
    const dir = supportWorkspace();
    const { args, env } = fakeProvider(server.url);
    const common = ['support.eval.yaml', '--blueprint', 'agents.yaml', '--agent', 'support', '--workdir', '.', '--sessions', 'sqlite:sessions.db', '--repeat', '3', ...args];

    const v1 = await runCli(['eval', ...common, '--agent-version', 'v1', '--save', 'baseline.json'], { cwd: dir, env });
    expect(v1.stderr).toBe('');
    expect(v1.code).toBe(0);
    expect(v1.stdout).toContain('PASSED   order-status  3/3 passed (100.00%)');
    expect(v1.stdout).toContain('results saved to baseline.json');
    expect(JSON.parse(readFileSync(path.join(dir, 'baseline.json'), 'utf8'))).toMatchObject({ suite: 'support-desk', label: 'v1', agentVersion: 'v1', repeat: 3 });

    const v2 = await runCli(['eval', ...common, '--agent-version', 'v2', '--baseline', 'baseline.json'], { cwd: dir, env });
    expect(v2.stderr).toBe('');
    expect(v2.code).toBe(1);
    expect(v2.stdout).toContain('support-desk: v2 (3 runs a task) against v1 (3 runs a task)');
    expect(v2.stdout).toContain('REGRESSED  refund-window  100.00% → 0.00% (-100.00%)  Fisher exact one-sided p=0.050 ≤ 0.05');
    expect(v2.stdout).toContain('UNCHANGED  order-status  100.00% → 100.00% (+0.00%)');
    expect(v2.stdout).toContain('TOTAL: 100.00% → 50.00% (-50.00%) · 1 regressed, 0 improved, 1 unchanged');
    // Evidence's reports of the same runs.
    const reports = /reports \(JSON, Markdown, JUnit, HTML\): (\S+)/.exec(v2.stdout)![1]!;
    expect(readFileSync(path.join(dir, reports, 'junit.xml'), 'utf8')).toContain('support-desk:refund-window');

    // Both versions side by side in one command, as JSON.
    const both = await runCli(['eval', ...common.filter((a) => a !== '3' && a !== '--repeat'), '--baseline-version', 'v1', '--agent-version', 'v2', '--json'], { cwd: dir, env });
    expect(both.code).toBe(1);
    const out = JSON.parse(both.stdout) as { comparison: { regressed: boolean; tasks: Array<{ id: string; verdict: string; significance: { test: string } }> } };
    expect(out.comparison.regressed).toBe(true);
    expect(out.comparison.tasks.find((t) => t.id === 'refund-window')).toMatchObject({ verdict: 'REGRESSED', significance: { test: 'none' } });

    // Same version against itself: no regression, exit 0.
    const same = await runCli(['eval', ...common, '--agent-version', 'v1', '--baseline', 'baseline.json'], { cwd: dir, env });
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('0 regressed');
  }, 240_000);

  it('a suite with a problem fails before any run, naming the code', async () => {
    const dir = supportWorkspace();
    writeFileSync(path.join(dir, 'bad.eval.yaml'), 'tasks: [{id: a, input: x, expect: {contain: y}}]\n');
    const result = await runCli(['eval', 'bad.eval.yaml', '--workdir', '.'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('eval.invalid_suite');
  }, 60_000);
});

describe('warden replay (spawned binary)', () => {
  it('forks a recorded run at step 3 with a new task; the earlier reads come from the record', async () => {
    server = await startFakeOpenAI(
      [
        { text: 'Reading a.', toolCalls: [{ name: 'read_file', args: { path: 'a.txt' } }] },
        { text: 'Reading b.', toolCalls: [{ name: 'read_file', args: { path: 'b.txt' } }] },
        { text: 'Reading c.', toolCalls: [{ name: 'read_file', args: { path: 'c.txt' } }] },
        { text: 'a, b and c read.' },
        // The replay, from step 3 with a new task.
        { text: 'Reading d instead.', toolCalls: [{ name: 'read_file', args: { path: 'd.txt' } }] },
        (messages) => ({ text: `Done: ${lastToolResult(messages)}` }),
      ],
      { text: 'unexpected' },
    );
    const dir = tempWorkspace('warden-cli-replay-');
    for (const name of ['a', 'b', 'c', 'd']) writeFileSync(path.join(dir, `${name}.txt`), `${name} before\n`);
    const { args, env } = fakeProvider(server.url);
    const store = ['--workdir', dir, '--sessions', `sqlite:${path.join(dir, 'sessions.db')}`];
    const run = await runCli(['run', 'read a, b and c', ...store, '--json', ...args], { env });
    expect(run.code).toBe(0);
    const parent = (run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; sessionId?: string }).find((e) => e.type === 'run_start'))!.sessionId!;

    // The steps to pick from, numbered as --step takes them.
    const timeline = await runCli(['sessions', 'timeline', parent, ...store], { env });
    expect(timeline.code).toBe(0);
    expect(timeline.stdout).toContain(`session ${parent}: 4 model steps (warden replay ${parent} --step N)`);
    expect(timeline.stdout).toContain('task: read a, b and c');
    expect(timeline.stdout).toMatch(/step 3 {2}Reading c\.\n {6}read_file \{"path":"c\.txt"\} → .*c before/);

    // If the earlier reads ran again, the model would now see "after".
    for (const name of ['a', 'b', 'c', 'd']) writeFileSync(path.join(dir, `${name}.txt`), `${name} after\n`);
    const replayed = await runCli(['replay', parent.slice(0, 8), '--step', '3', '--task', 'read d instead of c', ...store, ...args], { env });
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain(`replaying ${parent} from step 3 as the fork`);
    expect(replayed.stdout).toMatch(/fork \S+: 2 recorded tool results reused, not run again/);
    expect(replayed.stdout).toContain('Done: d after');
    const fork = /fork (\S+): 2 recorded/.exec(replayed.stdout)![1]!;

    // The replay's first request: the recorded results of steps 1–2 (before), the new task last.
    const first = server.requests[4]!.messages as Wire;
    const tools = first.filter((m) => m.role === 'tool').map(text);
    expect(tools).toHaveLength(2);
    expect(tools[0]).toContain('a before');
    expect(tools[1]).toContain('b before');
    expect(text(first.at(-1)!)).toContain('read d instead of c');

    // The fork is stored with its parent and step, and listed.
    const shown = await runCli(['sessions', 'show', fork, ...store, '--json'], { env });
    const records = shown.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string; key?: string; value?: unknown });
    expect(records.find((r) => r.type === 'meta' && r.key === 'warden.fork')?.value).toEqual({ parent, step: 3 });
    const forkTimeline = await runCli(['sessions', 'timeline', fork, ...store], { env });
    expect(forkTimeline.stdout).toContain(`a fork of ${parent} at step 3`);
    expect(forkTimeline.stdout).toContain('task: read d instead of c');
    const listed = await runCli(['sessions', ...store], { env });
    expect(listed.stdout).toContain(`fork of ${parent} at step 3`);

    // A step the session does not have.
    const bad = await runCli(['replay', parent, '--step', '9', ...store, ...args], { env });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('eval.invalid_step');
    expect(existsSync(path.join(dir, 'sessions.db'))).toBe(true);
  }, 240_000);
});

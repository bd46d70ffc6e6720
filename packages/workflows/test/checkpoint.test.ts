import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonlSessionStore } from '@warden/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkflow, inspectWorkflowRun, parseWorkflow, WORKFLOW_KEYS } from '../src/index.js';
import { recordingTool, scriptedAgents } from './refund-tools.js';

// Checkpoints are real session records in a real JSONL store; the crash is a real kill -9 of a
// real process, and the resume runs in another process on the same store.
const child = join(import.meta.dirname, '__fixtures__', 'crash-child.mjs');
let work = '';

afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = '';
});

function lines(file: string): string[] {
  const path = join(work, file);
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];
}

/** Starts the child, waits until it reaches `marker`, then kills it with SIGKILL. */
async function runUntilKilled(env: Record<string, string>, marker: string): Promise<void> {
  const proc = spawn(process.execPath, [child], { env: { ...process.env, WORK: work, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (_code, signal) => resolve(signal === 'SIGKILL' ? -9 : _code)));
  for (let i = 0; i < 400 && !existsSync(join(work, marker)); i += 1) {
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(existsSync(join(work, marker)), stderr).toBe(true);
  proc.kill('SIGKILL');
  expect(await exited).toBe(-9);
}

function resumeInAnotherProcess(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [child], { env: { ...process.env, WORK: work, RESUME: 'wf-crash', ...env }, encoding: 'utf8', timeout: 30_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(join(work, 'result.json'), 'utf8')) as { status: string; output: unknown; error?: { code: string; message: string } };
}

describe('a workflow run survives its process', () => {
  it('kill -9 mid-workflow, then resume in another process: every tool call ran exactly once', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-crash-'));
    await runUntilKilled({ HANG_IN: 'wait' }, 'wait.reached');
    expect(lines('charges.log')).toEqual(['charge 1', 'charge 2', 'charge 3']);
    expect(lines('finish.log')).toEqual([]);

    const result = resumeInAnotherProcess({ HANG_IN: 'wait' });
    expect(result).toMatchObject({ status: 'ok', output: '3 charged' });
    // The charges were recorded before the crash and are not run again; the read-only wait that
    // was in flight runs again (it is read-only); finish runs once, with the state rebuilt by replay.
    expect(lines('charges.log')).toEqual(['charge 1', 'charge 2', 'charge 3']);
    expect(lines('waits.log')).toEqual(['wait']);
    expect(lines('finish.log')).toEqual(['finish 3']);
  }, 60_000);

  it('a mutating tool that was in flight at the crash is never re-run blindly', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-crash-'));
    await runUntilKilled({ HANG_IN: 'charge' }, 'charge.reached');
    expect(lines('charges.log')).toEqual(['charge 1']);
    const result = resumeInAnotherProcess({ HANG_IN: 'charge' });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'workflow.interrupted_tool' } });
    expect(result.error!.message).toContain('(charge) started before the process died');
    expect(lines('charges.log')).toEqual(['charge 1']);
    expect(lines('finish.log')).toEqual([]);
  }, 60_000);
});

describe('checkpoints in the session store', () => {
  const text = ['name: two', 'steps:', '  - {id: a, agent: writer, input: draft}', '  - {id: b, tool: publish, args: {text: "{{ steps.a.output }}"}}'].join('\n');

  it('records start, claim, each step and the end as meta records; secrets are redacted there', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-store-'));
    const store = jsonlSessionStore({ dir: work });
    const publish = recordingTool('publish', (args) => `published ${String(args.text)}`, { mutating: true });
    const { agents } = scriptedAgents({ writer: ['text with sk-live-SECRET1234'] });
    const redact = (t: string) => t.replaceAll('sk-live-SECRET1234', '[REDACTED]');
    const result = await createWorkflow(parseWorkflow(text), { tools: [publish.tool], agents, store, redact }).run({}, { runId: 'wf-1' });
    expect(result.status).toBe('ok');
    const loaded = await store.load('wf-1');
    const keys = loaded.records.flatMap((r) => (r.type === 'meta' ? [r.key] : []));
    expect(keys).toEqual([WORKFLOW_KEYS.start, WORKFLOW_KEYS.claim, WORKFLOW_KEYS.started, WORKFLOW_KEYS.done, WORKFLOW_KEYS.started, WORKFLOW_KEYS.done, WORKFLOW_KEYS.end]);
    const bytes = readFileSync(join(work, 'wf-1.jsonl'), 'utf8');
    expect(bytes).not.toContain('SECRET1234');
    expect(bytes).toContain('[REDACTED]');
    // The tool itself ran with the real value: redaction is for what is kept, not what is done.
    expect(publish.calls).toEqual([{ text: 'text with sk-live-SECRET1234' }]);
  });

  it('two processes cannot both run one workflow: the second claimant stops with workflow.taken_over', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-store-'));
    const store = jsonlSessionStore({ dir: work });
    const publish = recordingTool('publish', () => 'ok', { mutating: true });
    const first = createWorkflow(parseWorkflow(text), { tools: [publish.tool], agents: { writer: async () => ({ text: 'x' }) }, store });
    // A run that stops before its first step leaves a resumable run behind.
    const stopped = new AbortController();
    stopped.abort();
    expect((await first.run({}, { runId: 'wf-2', signal: stopped.signal })).status).toBe('stopped');
    const [one, two] = await Promise.allSettled([first.resume('wf-2'), first.resume('wf-2')]);
    const outcomes = [one, two].map((o) => (o.status === 'fulfilled' ? o.value.status : (o.reason as { code: string }).code)).sort();
    expect(outcomes).toEqual(['ok', 'workflow.taken_over']);
    expect(publish.calls).toHaveLength(1);
  });

  it('a step that failed runs again on resume; the steps that went well do not', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-store-'));
    const store = jsonlSessionStore({ dir: work });
    let down = true;
    const first = recordingTool('first', () => 'one', { mutating: true });
    const flaky = recordingTool('flaky', () => (down ? { content: 'service down', isError: true } : 'up'), { mutating: true });
    const workflow = createWorkflow(parseWorkflow('name: twice\nsteps: [{tool: first}, {id: later, tool: flaky}]'), { tools: [first.tool, flaky.tool], store });
    const failed = await workflow.run({}, { runId: 'wf-3' });
    expect(failed).toMatchObject({ status: 'failed', failedStep: 'later' });
    expect(await inspectWorkflowRun(store, 'wf-3')).toMatchObject({ name: 'twice', ended: true, status: 'failed' });
    down = false;
    const resumed = await workflow.resume('wf-3');
    expect(resumed).toMatchObject({ status: 'ok', output: 'up' });
    expect(first.calls).toHaveLength(1);
    expect(flaky.calls).toHaveLength(2);
  });

  it('resume of an unknown run is workflow.not_found', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-wf-store-'));
    const workflow = createWorkflow(parseWorkflow('name: w\nsteps: [{return: 1}]'), { store: jsonlSessionStore({ dir: work }) });
    await expect(workflow.resume('wf-nope')).rejects.toMatchObject({ code: 'workflow.not_found' });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

// `warden orchestrate` as a person runs it: the real binary, the workspace's session store, and a
// fake OpenAI-compatible server answering as the planner, the factory, the specialists, the
// checker and the consolidator, in the order one task at a time asks.
let dir = '';
let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

const task = (id: string, dependsOn: string[] = []) => ({ id, title: `find ${id}`, instructions: `Report ${id} with its source.`, dependsOn, doneWhen: `${id} has a source` });
const plan = JSON.stringify({ acceptance: ['every figure has a source'], tasks: [task('revenue'), task('summary', ['revenue'])], estimate: { estimateUsd: 0.01 } });
const spec = (id: string) => JSON.stringify({ name: `${id}_reader`, instructions: `Report ${id}.`, tools: [], tier: 'fast', maxSteps: 2 });

describe('warden orchestrate', () => {
  it('plans, runs, checks and consolidates a job with progress and time left; status and resume read it back', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'warden-orch-cli-'));
    server = await startFakeOpenAI(
      [
        { text: plan },
        { text: spec('revenue') },
        { text: 'revenue 4.2M (source: ledger)' },
        { text: '{"pass": true}' },
        { text: spec('summary') },
        { text: 'Q3: revenue 4.2M (source: ledger)' },
        { text: '{"pass": true}' },
        { text: JSON.stringify({ deliverable: 'Q3 went well: revenue 4.2M (source: ledger).', items: [{ text: 'revenue 4.2M', from: ['revenue'], rank: 1 }] }) },
      ],
      { text: 'unexpected' },
    );
    const common = ['--base-url', server.url, '--model', 'small'];
    const run = await runCli(['orchestrate', 'How did Q3 go?', '--max-concurrency', '1', '--yes', ...common], { cwd: dir });
    expect(run.stderr).not.toContain('unexpected');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('Q3 went well: revenue 4.2M (source: ledger).');
    expect(run.stderr).toMatch(/✔ revenue done \(1\/2, about \d+s left\)/);
    expect(run.stderr).toMatch(/✔ summary done \(2\/2, about 0s left\)/);
    const job = /job: (job-[0-9a-f-]+)/.exec(run.stderr)![1]!;
    expect(server.requests).toHaveLength(8);

    const status = await runCli(['orchestrate', 'status', job], { cwd: dir });
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`job ${job}: ended, 2/2 tasks done`);
    const resumed = await runCli(['orchestrate', 'resume', job, ...common], { cwd: dir });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trim()).toBe('Q3 went well: revenue 4.2M (source: ledger).');
    expect(server.requests).toHaveLength(8);
  });

  it('in safe mode with nobody to approve the plan nothing runs; a wrong job id says so', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'warden-orch-cli-'));
    server = await startFakeOpenAI([{ text: plan }], { text: 'unexpected' });
    const run = await runCli(['orchestrate', 'How did Q3 go?', '--base-url', server.url, '--model', 'small', '--lang', 'es'], { cwd: dir });
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/el trabajo job-[0-9a-f-]+ se detuvo \(unapproved\)/);
    expect(server.requests).toHaveLength(1);
    const missing = await runCli(['orchestrate', 'status', 'job-nope'], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('[orchestrator.not_found]');
  });
});

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli, type CliResult } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const REDIS = 'redis://127.0.0.1:6379';
const POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const SETUP = fileURLToPath(new URL('./__fixtures__/fleet-setup.mjs', import.meta.url));
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

/** Stateless: call count_effect with the task's key, then say done. */
function perKey(messages: Array<Record<string, unknown>>): { text?: string; toolCalls?: Array<{ name: string; args: Record<string, unknown> }> } {
  const users = messages.filter((m) => m.role === 'user');
  const key = /key=(\S+)/.exec(String(users.at(-1)?.content ?? ''))?.[1] ?? 'none';
  const last = messages.at(-1);
  if (last?.role !== 'tool') return { toolCalls: [{ name: 'count_effect', args: { key } }] };
  return { text: `done ${key}` };
}

describe('warden worker and warden fleet --queue (real Redis, PostgreSQL and processes)', { timeout: 240_000 }, () => {
  it('queues a fleet file for a worker, shows the table in input order, parks an approval that `warden approvals approve` answers and `warden fleet resume` carries out once', async () => {
    const server: FakeOpenAI = await startFakeOpenAI([], perKey);
    cleanups.push(() => server.close());
    const root = tempWorkspace('warden-fleetq-');
    const id = randomUUID().slice(0, 8);
    const queue = ['--queue', REDIS, '--queue-name', `cli${id}`, '--prefix', `wcli-${id}`];
    const env = { OPENAI_API_KEY: 'sk-test-not-a-real-key-000000', WARDEN_APPROVAL_KEY: 'cli-fleet-approval-key-0000' };
    let worker: ChildProcess | undefined;
    const stderr: string[] = [];
    const workerDone: Promise<CliResult> = runCli(['worker', ...queue, '--sessions', POSTGRES, '--provider', 'openai', '--base-url', server.url, '--model', 'fake', '--mode', 'yolo', '--setup', SETUP, '--concurrency', '2'], {
      cwd: root,
      env,
      onSpawn: (child) => {
        worker = child;
        child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
      },
    });
    cleanups.push(async () => {
      worker?.kill('SIGKILL');
      await workerDone;
    });
    const jobs = [
      { name: `alpha-${id}`, workdir: '.', task: 'key=alpha' },
      { name: `beta-${id}`, workdir: '.', task: 'key=beta' },
      { name: `gamma-${id}`, workdir: '.', task: 'key=gamma', mode: 'safe' },
    ];
    writeFileSync(path.join(root, 'jobs.json'), JSON.stringify({ jobs }));
    const run = await runCli(['fleet', 'jobs.json', ...queue], { cwd: root, env });
    expect(run.code).toBe(4);
    const table = run.stdout.slice(run.stdout.lastIndexOf('JOB'));
    expect(table.indexOf(`alpha-${id}`)).toBeLessThan(table.indexOf(`beta-${id}`));
    expect(table.indexOf(`beta-${id}`)).toBeLessThan(table.indexOf(`gamma-${id}`));
    expect(table).toMatch(new RegExp(`gamma-${id}\\s+parked`));
    expect(run.stdout).toContain('2 of 3 jobs done');
    expect(readFileSync(path.join(root, 'effects.txt'), 'utf8').trim().split('\n').sort()).toEqual(['alpha', 'beta']);

    const listed = await runCli(['approvals', 'list', '--json', '--sessions', POSTGRES], { cwd: root, env });
    const pending = listed.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { request: { id: string; sessionId?: string; call: { name: string; args: { key?: string } } } });
    const mine = pending.find((p) => p.request.sessionId === `fleet-cli${id}-gamma-${id}`);
    expect(mine?.request.call).toMatchObject({ name: 'count_effect', args: { key: 'gamma' } });
    const approved = await runCli(['approvals', 'approve', mine!.request.id, '--sessions', POSTGRES], { cwd: root, env });
    expect(approved.code).toBe(0);

    const resumers = await Promise.all([1, 2, 3, 4].map(() => runCli(['fleet', 'resume', `gamma-${id}`, ...queue], { cwd: root, env })));
    expect(resumers.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const ids = resumers.map((r) => /queued (\S+) to resume/.exec(r.stdout)?.[1]);
    const end = Date.now() + 60_000;
    let states: Array<{ state: string; result?: { steps: number; output: string } }> = [];
    while (Date.now() < end) {
      const s = await runCli(['fleet', 'status', ...queue, '--json'], { cwd: root, env });
      states = s.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as (typeof states)[number] & { id: string }).filter((x) => ids.includes((x as { id: string }).id));
      if (states.length === 4 && states.every((x) => x.state === 'completed')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(states.filter((x) => x.result!.steps > 0).map((x) => x.result!.output)).toEqual(['done gamma']);
    expect(readFileSync(path.join(root, 'effects.txt'), 'utf8').trim().split('\n').sort()).toEqual(['alpha', 'beta', 'gamma']);

    const again = await runCli(['fleet', 'jobs.json', ...queue], { cwd: root, env });
    expect(again.stdout).toContain('2 of 3 jobs done');
    expect(readFileSync(path.join(root, 'effects.txt'), 'utf8').trim().split('\n')).toHaveLength(3);
    const missing = await runCli(['fleet', 'cancel', 'no-such-job', ...queue], { cwd: root, env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no-such-job');
    const notRetryable = await runCli(['fleet', 'retry', `alpha-${id}`, ...queue], { cwd: root, env });
    expect(notRetryable.code).toBe(1);

    worker!.kill('SIGTERM');
    const exited = await workerDone;
    expect(exited.code).toBe(0);
    expect(stderr.join('')).toContain(`alpha-${id}: done`);
  });
});

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Stateless per request: write `<job>.txt` first, then finish. Works however the jobs interleave. */
function perJob(messages: Array<Record<string, unknown>>): { text?: string; toolCalls?: Array<{ name: string; args: Record<string, unknown> }> } {
  const task = String(messages.find((m) => m.role === 'user')?.content ?? '');
  const job = /job (\w+)/.exec(task)?.[1] ?? 'unknown';
  if (!messages.some((m) => m.role === 'tool')) return { toolCalls: [{ name: 'write_file', args: { path: `${job}.txt`, content: `made by ${job}\n` } }] };
  return { text: `${job} finished` };
}

describe('warden fleet', () => {
  it('runs 6 jobs on 2 workers, each in its own workspace and session; a failing job does not stop the others', async () => {
    server = await startFakeOpenAI([], perJob);
    const root = tempWorkspace('warden-fleet-');
    const names = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'];
    for (const name of names) if (name !== 'd4') mkdirSync(path.join(root, name));
    const jobs = names.map((name) => ({ name, workdir: name, task: `job ${name}: write your file`, mode: 'yolo' }));
    writeFileSync(path.join(root, 'fleet.json'), JSON.stringify({ jobs }));
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['fleet', 'fleet.json', '--workers', '2', '--json', ...args], { cwd: root, env });
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const report = lines.at(-1) as { type: string; jobs: Array<{ name: string; status: string; steps: number; sessionId?: string; error?: { code: string } }> };
    expect(report.type).toBe('fleet_report');
    expect(report.jobs.map((j) => j.name)).toEqual(names);
    expect(report.jobs.map((j) => j.status)).toEqual(['done', 'done', 'done', 'error', 'done', 'done']);
    expect(report.jobs[3]!.error?.code).toBe('cli.invalid_value');
    for (const job of report.jobs.filter((j) => j.status === 'done')) {
      expect(job.steps).toBe(2);
      expect(readFileSync(path.join(root, job.name, `${job.name}.txt`), 'utf8')).toBe(`made by ${job.name}\n`);
      expect(existsSync(path.join(root, job.name, '.warden', 'sessions', `${job.sessionId}.jsonl`))).toBe(true);
    }
    expect(new Set(report.jobs.map((j) => j.sessionId).filter(Boolean)).size).toBe(5);
    const eventLines = lines.slice(0, -1) as Array<{ job: string; event: { type: string } }>;
    expect(new Set(eventLines.map((l) => l.job))).toEqual(new Set(names.filter((n) => n !== 'd4')));
  });

  it('prints a progress line per change and a report table when not a terminal', async () => {
    server = await startFakeOpenAI([], perJob);
    const root = tempWorkspace('warden-fleet-');
    mkdirSync(path.join(root, 'only'));
    writeFileSync(path.join(root, 'fleet.json'), JSON.stringify({ jobs: [{ name: 'only', workdir: 'only', task: 'job only: go', mode: 'yolo' }] }));
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['fleet', 'fleet.json', ...args], { cwd: root, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('only: started');
    expect(result.stdout).toContain('only: step 1');
    expect(result.stdout).toMatch(/JOB\s+STATUS\s+STEPS\s+TOKENS\s+COST\s+TIME/);
    expect(result.stdout).toContain('1 of 1 job done');
  });

  it('refuses a fleet file with an unknown key, naming it', async () => {
    const root = tempWorkspace('warden-fleet-');
    writeFileSync(path.join(root, 'fleet.json'), JSON.stringify({ jobs: [{ name: 'x', workdir: '.', task: 't', modle: 'y' }] }));
    const result = await runCli(['fleet', 'fleet.json'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('jobs.0.modle');
  });
});

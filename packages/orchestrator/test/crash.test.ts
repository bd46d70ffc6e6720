import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// 8. The crash is a real kill -9 of a real process running a job through governed harness runs,
// checkpointed in a real SQLite file; the resume runs in another process on the same file.
const child = join(import.meta.dirname, '__fixtures__', 'job-child.mjs');
let work = '';
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = '';
});
const lines = (file: string): string[] => (existsSync(join(work, file)) ? readFileSync(join(work, file), 'utf8').trim().split('\n') : []);

describe('an orchestrated job survives kill -9 of its process', () => {
  it('resumes in another process from the last finished task: every task runs once, the plan is not made again', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-orch-crash-'));
    const proc = spawn(process.execPath, [child], { env: { ...process.env, WORK: work }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<string | null>((resolve) => proc.on('exit', (_code, signal) => resolve(signal)));
    for (let i = 0; i < 1200 && !existsSync(join(work, 'margin.reached')) && proc.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 25));
    expect(existsSync(join(work, 'margin.reached')), stderr).toBe(true);
    // Let the tasks running beside margin finish and be recorded, then kill.
    for (let i = 0; i < 400 && lines('work.log').length < 4; i += 1) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    proc.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const before = lines('work.log');
    expect(before.sort()).toEqual(['churn', 'costs', 'headcount', 'revenue']);
    expect(lines('planner.log')).toEqual(['planner']);

    const resumed = spawnSync(process.execPath, [child], { env: { ...process.env, WORK: work, RESUME: 'job-crash' }, encoding: 'utf8', timeout: 60_000 });
    expect(resumed.status, resumed.stderr).toBe(0);
    const result = JSON.parse(readFileSync(join(work, 'result.json'), 'utf8'));
    expect(result).toMatchObject({ status: 'done', stopReason: 'done', jobStatus: { stage: 'ended', claims: 2, tasks: { total: 6, done: 6 } } });
    // Every task ran (answered) exactly once across both processes; the plan was made once.
    expect(lines('work.log').sort()).toEqual(['churn', 'costs', 'headcount', 'margin', 'revenue', 'summary']);
    expect(lines('planner.log')).toEqual(['planner']);
    expect(result.output).toContain('[summary] find summary\nsummary: 1 (source: ledger)');
  }, 120_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { enqueue, FleetError, prepareJobs, readJobData, status } from '../src/index.js';
import * as api from '../src/index.js';
import { testQueue } from './helpers/services.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

describe('enqueue: validated before anything is queued, redacted, idempotent by id', () => {
  it('reports every problem of every job at once, and queues nothing', async () => {
    const q = testQueue(cleanups);
    const bad = [
      { task: '' },
      { task: 'ok', config: { mode: 'reckless', apporver: 'yes' } },
      { task: 'ok', config: { sessions: 'postgres://elsewhere/db', workdir: '/etc' } },
      { task: 'ok', id: '12345' },
      { task: 'ok', id: 'a:b' },
      { task: 'ok', owner: { userId: '' } },
      { task: 'ok', timeoutMs: -1, extra: true },
    ];
    const error = await enqueue(bad as never, q).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(FleetError.isInstance(error) && error.code).toBe('fleet.invalid_job');
    const message = (error as Error).message;
    for (const piece of ['job 0: task', 'job 1: config.mode', 'did you mean "approver"?', 'job 2: config.sessions is set by the worker', 'job 2: config.workdir is set by the worker', 'job 3: id', 'job 4: id', 'job 5: owner.userId', 'job 6: timeoutMs', 'job 6: (root)']) {
      expect(message).toContain(piece);
    }
    expect((await status(undefined, q)).length).toBe(0);
  });

  it('lets ordinary jobs through: named and inline configurations, owners, budgets, untrusted tasks', () => {
    const jobs = prepareJobs(
      [
        { task: 'fix the build' },
        { id: 'review-1', task: 'review src/', config: 'review', owner: { userId: 'alice', tenantId: 'acme' }, budget: { usd: 0.5 }, timeoutMs: 60_000 },
        { task: 'triage this issue', config: { mode: 'read-only', builtinTools: { shell: false } }, trust: 'untrusted', sessionId: 'triage-7' },
      ],
      'main',
      {},
    );
    expect(jobs.map((j) => [j.name, j.data.config])).toEqual([
      ['default', 'default'],
      ['review', 'review'],
      ['inline', { mode: 'read-only', builtinTools: { shell: false } }],
    ]);
    expect(jobs[1]!.data).toMatchObject({ sessionId: 'fleet-main-review-1', owner: { userId: 'alice', tenantId: 'acme' }, budget: { usd: 0.5 }, timeoutMs: 60_000 });
    expect(jobs[2]!.data.sessionId).toBe('triage-7');
    expect(jobs.every((j) => !j.redacted)).toBe(true);
    expect(readJobData(jobs[1]!.data)).toEqual(jobs[1]!.data);
    expect(() => readJobData({ task: 'x' })).toThrow(/not a Warden fleet job/);
  });

  it('passes job data through the redactor: no secret reaches the queue', () => {
    const env = { OPENAI_API_KEY: 'sk-live-abcdefghijklmnop1234567890' };
    const [job] = prepareJobs([{ task: `use key sk-live-abcdefghijklmnop1234567890 and ghp_Q7x2Lm9Rk4Tz8Wv1Bn6Yc3Hd5Fs0Pj2Ga7Ue to deploy`, config: { instructions: 'password=hunter2hunter2' } }], 'main', env);
    const text = JSON.stringify(job!.data);
    expect(job!.redacted).toBe(true);
    expect(text).not.toContain('sk-live-abcdefghijklmnop1234567890');
    // A real-shaped token (the redactor keeps obvious placeholders such as a run of one letter).
    expect(text).not.toContain('Q7x2Lm9Rk4Tz8Wv1Bn6Yc3Hd5Fs0Pj2Ga7Ue');
    expect(text).not.toContain('hunter2hunter2');
    expect(job!.data.task).toMatch(/^use key .+ to deploy$/);
  });

  it('is idempotent by job id: enqueueing the same id again adds nothing; two jobs with one id are refused', async () => {
    const q = testQueue(cleanups);
    const first = await enqueue([{ id: 'a', task: 'one' }, { id: 'b', task: 'two' }], q);
    expect(first.map((r) => r.duplicate)).toEqual([false, false]);
    const again = await enqueue([{ id: 'a', task: 'one, changed' }, { id: 'c', task: 'three' }], q);
    expect(again.map((r) => [r.id, r.duplicate])).toEqual([['a', true], ['c', false]]);
    const states = await status(['a', 'b', 'c'], q);
    expect(states.map((s) => s.state)).toEqual(['waiting', 'waiting', 'waiting']);
    await expect(enqueue([{ id: 'x', task: '1' }, { id: 'x', task: '2' }], q)).rejects.toMatchObject({ code: 'fleet.duplicate_id' });
    await expect(enqueue([{ task: 'x' }], { ...q, connection: 'http://127.0.0.1:6379' })).rejects.toMatchObject({ code: 'fleet.invalid_options' });
  });
});

describe('public API', () => {
  it('pins the exported names', () => {
    expect(Object.keys(api).sort()).toEqual(['DEFAULT_PREFIX', 'DEFAULT_QUEUE', 'FLEET_ERROR_CODES', 'FleetError', 'WORKER_OWNED_KEYS', 'cancel', 'createWorker', 'enqueue', 'prepareJobs', 'readJobData', 'resume', 'retry', 'status', 'takeSlot', 'watch']);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { BENIGN_TASKS, CONTAINMENT_ERROR_CODES, runContainment, type ContainmentOptions } from '../src/index.js';

describe('error codes', () => {
  it('pins every code', () => {
    expect(CONTAINMENT_ERROR_CODES).toEqual({
      invalidOptions: 'config.invalid',
      setupFailed: 'run.containment_setup_failed',
      episodeFailed: 'run.containment_episode_failed',
    });
  });

  // Every thrown code is in the table by construction: errors are built with src/coded-errors.ts,
  // typed with the table's union (ESLint forbids `new ConfigError` and `new RunError` elsewhere).
  // This checks the other direction: every listed code is produced, thrown or recorded.
  it('lists only codes the package produces', async () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('error-codes.ts'));
    const text = (await Promise.all(files.map((file) => readFile(join(root, file), 'utf8')))).join('\n');
    // The source names a code by its table key: CONTAINMENT_ERROR_CODES.setupFailed.
    const used = new Set([...text.matchAll(/\bCONTAINMENT_ERROR_CODES\.(\w+)/g)].map((match) => match[1] as string));
    expect(Object.keys(CONTAINMENT_ERROR_CODES).filter((key) => !used.has(key))).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['an unknown key', { approver: 'none' }],
    ['an unknown profile', { profiles: ['auto'] }],
    ['a bad plan', { plan: 'most' }],
    ['a bad plan for one profile', { plan: { yes: 'half' } }],
    ['a harness that is not a function', { harness: {} }],
    ['no tasks', { tasks: [] }],
    ['a bad timeout', { episodeTimeoutMs: 0 }],
    ['a bad concurrency', { concurrency: 0 }],
  ])('refuses %s with config.invalid', async (_, options) => {
    const error = await runContainment(options as ContainmentOptions).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).code).toBe(CONTAINMENT_ERROR_CODES.invalidOptions);
    expect((error as ConfigError).hint).toContain('runContainment');
  });

  it('records a harness that throws as a failed, uncontained episode (never as contained)', async () => {
    const report = await runContainment({
      profiles: ['yes'],
      tasks: BENIGN_TASKS.slice(0, 1),
      goals: [],
      harness: () => {
        throw new Error('boom');
      },
    });
    const [episode] = report.profiles[0]?.benign ?? [];
    expect(episode?.error).toEqual({ code: CONTAINMENT_ERROR_CODES.episodeFailed, message: 'the harness could not be built (internal.unexpected)' });
    expect(episode?.contained).toBe(false);
    expect(episode?.utility).toBe(false);
    expect(report.profiles[0]?.metrics.episodeErrors).toBe(1);
  });

  it('records a run that never ends with run_end as failed', async () => {
    const report = await runContainment({
      profiles: ['none'],
      tasks: BENIGN_TASKS.slice(0, 1),
      goals: [],
      harness: () => ({
        async *stream() {
          // An agent that ends without a run_end event.
        },
      }),
    });
    expect(report.profiles[0]?.benign[0]?.error).toEqual({ code: CONTAINMENT_ERROR_CODES.episodeFailed, message: 'the run ended without a run_end event' });
  });
});

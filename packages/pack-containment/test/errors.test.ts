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

  it.each<[string, unknown]>([
    ['no options', undefined],
    ['an unknown key', { approver: 'none', mode: 'yolo' }],
    ['a bad approver', { approver: 'yes' }],
    ['a harness that is not a function', { approver: 'auto', harness: {} }],
    ['no tasks', { approver: 'none', tasks: [] }],
    ['a bad timeout', { approver: 'none', episodeTimeoutMs: 0 }],
  ])('refuses %s with config.invalid', async (_, options) => {
    const error = await runContainment(options as ContainmentOptions).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).code).toBe(CONTAINMENT_ERROR_CODES.invalidOptions);
    expect((error as ConfigError).hint).toContain('runContainment');
  });

  it('records a harness that throws as a failed, uncontained episode (never as contained)', async () => {
    const report = await runContainment({
      approver: 'none',
      tasks: BENIGN_TASKS.slice(0, 1),
      goals: [],
      harness: () => {
        throw new Error('boom');
      },
    });
    const [episode] = report.benign;
    expect(episode?.error).toEqual({ code: CONTAINMENT_ERROR_CODES.episodeFailed, message: 'the harness failed (internal.unexpected: Error)' });
    expect(episode?.contained).toBe(false);
    expect(episode?.utility).toBe(false);
    expect(report.metrics.episodeErrors).toBe(1);
  });

  it('records a run that never ends with run_end as failed', async () => {
    const report = await runContainment({
      approver: 'none',
      tasks: BENIGN_TASKS.slice(0, 1),
      goals: [],
      harness: () => ({
        async *stream() {
          // An agent that ends without a run_end event.
        },
      }),
    });
    expect(report.benign[0]?.error).toEqual({ code: CONTAINMENT_ERROR_CODES.episodeFailed, message: 'the run ended without a run_end event' });
  });
});

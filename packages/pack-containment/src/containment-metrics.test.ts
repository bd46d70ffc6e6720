import { describe, expect, it } from 'vitest';
import { computeMetrics } from './containment-metrics.js';
import type { EpisodeResult } from './episode-result.js';

function episode(overrides: Partial<EpisodeResult>): EpisodeResult {
  return {
    task: 't',
    approver: 'none',
    utility: true,
    injectionSeen: false,
    effects: [],
    attackSucceeded: false,
    violations: [],
    contained: true,
    attackCalls: [],
    changedFiles: [],
    protectedChanged: [],
    ...overrides,
  };
}

describe('computeMetrics', () => {
  it('computes utility, utility under attack and attack success rate as AgentDojo does', () => {
    const benign = [episode({}), episode({}), episode({ utility: false })];
    const attacks = [
      episode({ goal: 'a', category: 'file', injectionSeen: true }),
      episode({ goal: 'b', category: 'shell', injectionSeen: true, utility: false, attackSucceeded: true, effects: ['file_changed'], violations: ['forbidden_call_executed'], contained: false }),
      episode({ goal: 'c', category: 'shell', injectionSeen: true }),
      episode({ goal: 'd', category: 'network', error: { code: 'run.containment_episode_failed', message: 'x' }, contained: false, utility: false }),
    ];
    const m = computeMetrics(benign, attacks);
    expect(m).toMatchObject({
      benignTasks: 3,
      benignSolved: 2,
      benignUtility: 0.6667,
      attackedEpisodes: 4,
      solvedUnderAttack: 2,
      utilityUnderAttack: 0.5,
      attackGoals: 4,
      attacksSucceeded: 1,
      attackSuccessRate: 0.25,
      injectionsSeen: 3,
      containedEpisodes: 2,
      containmentRate: 0.5,
      episodesWithViolations: 1,
      episodeErrors: 1,
    });
    expect(m.byCategory).toEqual({
      file: { goals: 1, succeeded: 0, attackSuccessRate: 0 },
      shell: { goals: 2, succeeded: 1, attackSuccessRate: 0.5 },
      network: { goals: 1, succeeded: 0, attackSuccessRate: 0 },
      memory: { goals: 0, succeeded: 0, attackSuccessRate: 0 },
    });
  });

  it('gives 0, not NaN, for empty sets', () => {
    const m = computeMetrics([], []);
    expect([m.benignUtility, m.utilityUnderAttack, m.attackSuccessRate, m.containmentRate]).toEqual([0, 0, 0, 0]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { EFFECT_CLASSES, runContainment, TASK_LANGUAGES, V3_BASE_TASK_IDS, V3_BENIGN_TASKS, V3_GOALS, v3QuickPairing, type ProfileReport } from '../src/index.js';

// The v3 quick subset against the ungoverned baseline (core's agent, allow-all gate): every goal
// must show its effect in the WORLD (file bytes, a listener's hit log, the store server's records,
// files outside), or its judge would call a harness "contained" that never was; and every benign
// task, in every language, must succeed, or utility would be measured against a broken task.
let ungoverned: ProfileReport;

beforeAll(async () => {
  const report = await runContainment({ corpus: 'v3', profiles: ['ungoverned'], plan: 'quick', concurrency: 3 });
  ungoverned = report.profiles[0] as ProfileReport;
}, 900_000);

describe('containment v3 against an agent that contains nothing', () => {
  it('runs every planned episode to its end', () => {
    expect(ungoverned.attacks).toHaveLength(v3QuickPairing(V3_GOALS).length);
    expect(ungoverned.metrics.episodeErrors).toBe(0);
  });

  it('sees every goal, in every effect class and carrier, take effect in the world', () => {
    expect(ungoverned.attacks.filter((e) => !e.attackSucceeded).map((e) => `${e.goal} via ${e.carrier} in ${e.task}`)).toEqual([]);
    expect(new Set(ungoverned.attacks.map((e) => e.goalClass))).toEqual(new Set(EFFECT_CLASSES));
    // Judged from the world: the effect kinds found are the goal's own (a file's bytes, a hit log, records, outside files).
    for (const episode of ungoverned.attacks) {
      const goal = V3_GOALS.find((g) => g.id === episode.goal);
      for (const kind of episode.effects) expect(goal?.effects.map((e) => e.kind)).toContain(kind);
    }
  });

  it('solves every benign task in en, es, fr and hi, with no violation', () => {
    expect(ungoverned.benign.filter((e) => !e.utility).map((e) => e.task)).toEqual([]);
    expect(ungoverned.benign).toHaveLength(V3_BASE_TASK_IDS.length * TASK_LANGUAGES.length);
    expect(ungoverned.metrics.benignViolations).toBe(0);
    expect(Object.keys(ungoverned.metrics.benignByLanguage ?? {}).sort()).toEqual([...TASK_LANGUAGES].sort());
    expect(ungoverned.metrics.benignByNaming?.['names no file']?.tasks).toBeGreaterThanOrEqual(V3_BENIGN_TASKS.length / 2);
  });
});

import { describe, expect, it } from 'vitest';
import { compareResults, fisherOneSided, type EvalResults, type TaskResult } from '../src/index.js';

function task(id: string, passed: number, runs: number): TaskResult {
  return { id, status: passed === runs ? 'passed' : passed === 0 ? 'failed' : 'flaky', flaky: passed > 0 && passed < runs, runs, passed, passRate: passed / runs, passHatK: {}, costUsd: 0, steps: 1, durationMs: 1, sessions: [] };
}
function results(label: string, repeat: number, tasks: TaskResult[]): EvalResults {
  const runs = tasks.reduce((n, t) => n + t.runs, 0);
  const passed = tasks.reduce((n, t) => n + t.passed, 0);
  return { version: 1, suite: 's', label, repeat, createdAt: '2026-01-01T00:00:00.000Z', tasks, totals: { runs, passed, passRate: passed / runs, costUsd: 0 } };
}

describe('Fisher exact test', () => {
  it('gives the textbook tails', () => {
    // 3/3 against 0/3: one table in C(6,3)=20 is at least this extreme.
    expect(fisherOneSided({ passed: 3, runs: 3 }, { passed: 0, runs: 3 }, 'lower')).toBeCloseTo(1 / 20, 12);
    // 3/3 against 1/3: (C(4,1)·C(2,2) + 0) / 20.
    expect(fisherOneSided({ passed: 3, runs: 3 }, { passed: 1, runs: 3 }, 'lower')).toBeCloseTo(4 / 20, 12);
    // 10/10 against 5/10: C(15,5)·C(5,5)/C(20,10) = 3003/184756.
    expect(fisherOneSided({ passed: 10, runs: 10 }, { passed: 5, runs: 10 }, 'lower')).toBeCloseTo(3003 / 184756, 12);
    expect(fisherOneSided({ passed: 0, runs: 5 }, { passed: 5, runs: 5 }, 'higher')).toBeCloseTo(1 / 252, 12);
    expect(fisherOneSided({ passed: 2, runs: 4 }, { passed: 2, runs: 4 }, 'lower')).toBeGreaterThan(0.5);
  });
});

describe('compareResults', () => {
  it('does not call noise a regression: 5/5 → 4/5 is UNCHANGED with its p-value', () => {
    const comparison = compareResults(results('v1', 5, [task('a', 5, 5), task('b', 5, 5)]), results('v2', 5, [task('a', 4, 5), task('b', 0, 5)]));
    expect(comparison.tasks.map((t) => t.verdict)).toEqual(['UNCHANGED', 'REGRESSED']);
    expect(comparison.tasks[0]!.significance).toMatchObject({ test: 'fisher-exact-one-sided', significant: false });
    expect(comparison.render()).toContain('UNCHANGED  a  100.00% → 80.00% (-20.00%)  Fisher exact one-sided p=0.500 > 0.05 (not significant)');
    expect(comparison.regressed).toBe(true);
  });

  it('with one run a side there is nothing to test: a flip counts and the note says so', () => {
    const comparison = compareResults(results('v1', 1, [task('a', 1, 1), task('b', 0, 1), task('c', 1, 1)]), results('v2', 1, [task('a', 0, 1), task('b', 1, 1), task('d', 1, 1)]));
    expect(comparison.tasks.map((t) => [t.id, t.verdict])).toEqual([
      ['a', 'REGRESSED'],
      ['b', 'IMPROVED'],
      ['d', 'NEW'],
      ['c', 'MISSING'],
    ]);
    const text = comparison.render();
    expect(text).toContain('REGRESSED  a  100.00% → 0.00% (-100.00%)  single run: no significance test (use --repeat 5+)');
    expect(text).toContain('TOTAL: 66.67% → 66.67% (+0.00%) · 1 regressed, 1 improved, 0 unchanged, 1 new, 1 missing');
  });

  it('an improvement that is significant is IMPROVED and fails nothing', () => {
    const comparison = compareResults(results('v1', 5, [task('a', 0, 5)]), results('v2', 5, [task('a', 5, 5)]));
    expect(comparison.tasks[0]!.verdict).toBe('IMPROVED');
    expect(comparison.regressed).toBe(false);
  });
});

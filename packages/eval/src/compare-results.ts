import type { EvalResults } from './eval-results.js';
import { fisherOneSided } from './fisher-exact.js';

export type Verdict = 'REGRESSED' | 'IMPROVED' | 'UNCHANGED' | 'NEW' | 'MISSING';

/** How the comparison decided: a test (both sides repeated) or a single run on one side (any change counts). */
export type Significance = { test: 'fisher-exact-one-sided'; p: number; alpha: number; significant: boolean } | { test: 'none'; reason: 'single_run' };

export interface TaskComparison {
  id: string;
  verdict: Verdict;
  baseline?: { passed: number; runs: number; passRate: number };
  current?: { passed: number; runs: number; passRate: number };
  /** current − baseline pass rate, when both exist. */
  delta?: number;
  significance?: Significance;
}

export interface Comparison {
  suite: string;
  baselineLabel?: string;
  currentLabel?: string;
  alpha: number;
  tasks: TaskComparison[];
  totals: { baseline: number; current: number; delta: number; regressed: number; improved: number; unchanged: number; added: number; missing: number };
  /** True when any task REGRESSED: the CI signal. */
  regressed: boolean;
  /** The comparison as text (English), one line a task and the totals. */
  render(): string;
}

export interface CompareOptions {
  /** Significance level of the one-sided Fisher exact test when both sides ran a task more than once (default 0.05). */
  alpha?: number;
}

const pct = (rate: number): string => `${(rate * 100).toFixed(2)}%`;
const signed = (rate: number): string => `${rate >= 0 ? '+' : '-'}${(Math.abs(rate) * 100).toFixed(2)}%`;

function verdictOf(b: { passed: number; runs: number; passRate: number }, c: { passed: number; runs: number; passRate: number }, alpha: number): { verdict: Verdict; significance: Significance } {
  const delta = c.passRate - b.passRate;
  if (b.runs < 2 || c.runs < 2) {
    // Nothing to test with one run a side: any flip counts, and the note says why.
    return { verdict: delta < 0 ? 'REGRESSED' : delta > 0 ? 'IMPROVED' : 'UNCHANGED', significance: { test: 'none', reason: 'single_run' } };
  }
  const tail = delta < 0 ? 'lower' : 'higher';
  const p = delta === 0 ? 1 : fisherOneSided(b, c, tail);
  const significant = delta !== 0 && p <= alpha;
  return { verdict: !significant ? 'UNCHANGED' : delta < 0 ? 'REGRESSED' : 'IMPROVED', significance: { test: 'fisher-exact-one-sided', p, alpha, significant } };
}

/** The line of one task, as `render()` writes it. */
export function describeTaskComparison(task: TaskComparison): string {
  const head = `${task.verdict.padEnd(9)}  ${task.id}`;
  if (!task.baseline) return `${head}  new task: ${pct(task.current!.passRate)}`;
  if (!task.current) return `${head}  not in this run (was ${pct(task.baseline.passRate)})`;
  const rates = `${pct(task.baseline.passRate)} → ${pct(task.current.passRate)} (${signed(task.delta!)})`;
  const s = task.significance!;
  const note =
    s.test === 'none'
      ? task.delta !== 0
        ? '  single run: no significance test (use --repeat 5+)'
        : ''
      : task.delta !== 0
        ? `  Fisher exact one-sided p=${s.p.toFixed(3)} ${s.significant ? '≤' : '>'} ${s.alpha}${s.significant ? '' : ' (not significant)'}`
        : '';
  return `${head}  ${rates}${note}`;
}

/**
 * Compares results with a baseline, task by task. When both sides ran a task at least twice, a
 * change is REGRESSED or IMPROVED only if a one-sided Fisher exact test on the pass/fail counts
 * gives p ≤ alpha; otherwise it is UNCHANGED with its p-value, so noise is not called a regression.
 * With a single run on either side there is nothing to test, and any flip counts.
 */
export function compareResults(baseline: EvalResults, current: EvalResults, options: CompareOptions = {}): Comparison {
  const alpha = options.alpha ?? 0.05;
  const byId = new Map(baseline.tasks.map((t) => [t.id, t]));
  const tasks: TaskComparison[] = [];
  for (const task of current.tasks) {
    const before = byId.get(task.id);
    const c = { passed: task.passed, runs: task.runs, passRate: task.passRate };
    if (!before) {
      tasks.push({ id: task.id, verdict: 'NEW', current: c });
      continue;
    }
    const b = { passed: before.passed, runs: before.runs, passRate: before.passRate };
    const { verdict, significance } = verdictOf(b, c, alpha);
    tasks.push({ id: task.id, verdict, baseline: b, current: c, delta: c.passRate - b.passRate, significance });
  }
  const seen = new Set(current.tasks.map((t) => t.id));
  for (const task of baseline.tasks) if (!seen.has(task.id)) tasks.push({ id: task.id, verdict: 'MISSING', baseline: { passed: task.passed, runs: task.runs, passRate: task.passRate } });
  const count = (v: Verdict) => tasks.filter((t) => t.verdict === v).length;
  const totals = {
    baseline: baseline.totals.passRate,
    current: current.totals.passRate,
    delta: current.totals.passRate - baseline.totals.passRate,
    regressed: count('REGRESSED'),
    improved: count('IMPROVED'),
    unchanged: count('UNCHANGED'),
    added: count('NEW'),
    missing: count('MISSING'),
  };
  const comparison: Comparison = {
    suite: current.suite,
    ...(baseline.label ? { baselineLabel: baseline.label } : {}),
    ...(current.label ? { currentLabel: current.label } : {}),
    alpha,
    tasks,
    totals,
    regressed: totals.regressed > 0,
    render() {
      const title = `${current.suite}: ${current.label ?? 'current'} (${current.repeat} run${current.repeat === 1 ? '' : 's'} a task) against ${baseline.label ?? 'baseline'} (${baseline.repeat} run${baseline.repeat === 1 ? '' : 's'} a task)`;
      const lines = tasks.map((t) => `  ${describeTaskComparison(t)}`);
      const total = `TOTAL: ${pct(totals.baseline)} → ${pct(totals.current)} (${signed(totals.delta)}) · ${totals.regressed} regressed, ${totals.improved} improved, ${totals.unchanged} unchanged${totals.added ? `, ${totals.added} new` : ''}${totals.missing ? `, ${totals.missing} missing` : ''}`;
      return [title, ...lines, total].join('\n');
    },
  };
  return comparison;
}

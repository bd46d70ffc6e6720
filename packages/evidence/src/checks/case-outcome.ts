import type { CaseReport, Iteration, OperationLatency } from '../report/report-schema.js';
import type { CaseDefinition } from './case-definition.js';
import { passHatK, percentile } from './percentiles.js';

function latencies(iterations: readonly Iteration[]): OperationLatency[] {
  const byOperation = new Map<string, number[]>();
  for (const iteration of iterations) {
    for (const op of iteration.operations) {
      if (op.durationMs === undefined) continue;
      const list = byOperation.get(op.title) ?? [];
      list.push(op.durationMs);
      byOperation.set(op.title, list);
    }
  }
  return [...byOperation.entries()].map(([operation, values]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { operation, count: sorted.length, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? 0 };
  });
}

/**
 * Folds a case's runs into one verdict. Skipped runs do not count toward the
 * pass rate. Runs that both passed and failed make the case flaky: `flaky` status
 * when the pass rate meets minPassRate, `failed` otherwise. A case with no runs
 * (interrupted) or only skipped runs is `skipped`, never `passed`.
 */
export function caseOutcome(definition: CaseDefinition, pack: string, iterations: Iteration[], minPassRate: number): CaseReport {
  const count = (status: Iteration['status']): number => iterations.filter((it) => it.status === status).length;
  const passed = count('passed');
  const failed = count('failed');
  const skipped = count('skipped');
  const errored = count('error');
  const counted = passed + failed + errored;
  const passRate = counted === 0 ? 0 : passed / counted;
  const flaky = passed > 0 && failed + errored > 0;
  let status: CaseReport['status'];
  if (counted === 0) status = 'skipped';
  else if (failed + errored === 0) status = 'passed';
  else if (passed === 0) status = failed === 0 ? 'error' : 'failed';
  else status = passRate >= minPassRate ? 'flaky' : 'failed';

  const failuresByCheck = new Map<string, number>();
  for (const iteration of iterations) {
    if (iteration.firstFailure !== undefined) failuresByCheck.set(iteration.firstFailure, (failuresByCheck.get(iteration.firstFailure) ?? 0) + 1);
  }
  const firstFailure = iterations.find((it) => it.firstFailure !== undefined)?.firstFailure;
  const { meta } = definition;
  return {
    id: meta.id,
    title: meta.title,
    pack,
    ...(meta.group === undefined ? {} : { group: meta.group }),
    tags: [...meta.tags],
    status,
    flaky,
    runs: iterations.length,
    passed,
    failed,
    skipped,
    errored,
    passRate,
    minPassRate,
    passHatK: passHatK(passed, counted),
    ...(firstFailure === undefined ? {} : { firstFailure }),
    failuresByCheck: [...failuresByCheck.entries()].map(([check, n]) => ({ check, count: n })).sort((a, b) => b.count - a.count),
    latency: latencies(iterations),
    iterations,
  };
}

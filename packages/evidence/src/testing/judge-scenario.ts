import type { CaseReport, ProbeReport } from '../report/report-schema.js';
import type { FailingCase, FailingProbe } from './pack-scenarios.js';

/**
 * Whether a report entry is what the scenario expected; `undefined` when it is, otherwise the
 * sentence a failing test shows. Pure, so the rules are testable without running anything.
 */

export function judgePassingCase(report: CaseReport): string | undefined {
  if (report.status === 'passed') return undefined;
  return `expected the case to pass, but it ${report.status}: ${report.firstFailure ?? 'no failure message'}`;
}

export function judgeFailingCase(report: CaseReport, scenario: Pick<FailingCase, 'failure'>): string | undefined {
  if (report.status !== 'failed') return `expected the case to fail, but it ${report.status}`;
  const { failure } = scenario;
  if (failure === undefined) return undefined;
  const actual = report.firstFailure ?? '';
  const matches = typeof failure === 'string' ? actual.includes(failure) : failure.test(actual);
  return matches ? undefined : `expected the first failure to match ${String(failure)}, but it was: ${actual || '(none)'}`;
}

function failedNames(report: ProbeReport): string[] {
  return report.assertions.filter((a) => a.status !== 'pass').map((a) => a.name).sort();
}

export function judgePassingProbe(report: ProbeReport): string | undefined {
  if (report.status === 'passed') return undefined;
  const detail = report.error ? `${report.error.code}: ${report.error.message}` : `failed assertions: ${failedNames(report).join(', ')}`;
  return `expected the probe to pass, but it ${report.status} (${detail})`;
}

export function judgeFailingProbe(report: ProbeReport, scenario: Pick<FailingProbe, 'failedAssertions'>): string | undefined {
  if (report.status === 'error') return `expected the probe to fail its assertions, but it could not run: ${report.error?.code ?? ''} ${report.error?.message ?? ''}`.trim();
  if (report.status !== 'failed') return 'expected the probe to fail, but it passed';
  if (scenario.failedAssertions === undefined) return undefined;
  const expected = [...scenario.failedAssertions].sort();
  const actual = failedNames(report);
  return JSON.stringify(expected) === JSON.stringify(actual) ? undefined : `expected exactly [${expected.join(', ')}] to fail, but [${actual.join(', ')}] failed`;
}

/** Ids with no scenarios, ids without both a passing and a failing scenario, and scenarios for ids the pack lacks. */
export function coverageProblems(defined: { cases: readonly string[]; probes: readonly string[] }, declared: { cases: Record<string, { valid: readonly unknown[]; invalid: readonly unknown[] }>; probes: Record<string, { valid: readonly unknown[]; invalid: readonly unknown[] }> }): string[] {
  const problems: string[] = [];
  for (const kind of ['cases', 'probes'] as const) {
    const noun = kind === 'cases' ? 'case' : 'probe';
    for (const id of defined[kind]) {
      const entry = declared[kind][id];
      if (!entry) problems.push(`${noun} ${id} has no scenarios`);
      else if (entry.valid.length === 0 || entry.invalid.length === 0) problems.push(`${noun} ${id} needs at least one passing and one failing scenario`);
    }
    for (const id of Object.keys(declared[kind])) if (!defined[kind].includes(id)) problems.push(`scenarios name ${noun} ${id}, which the pack does not define`);
  }
  return problems;
}

import type { ProbeReport } from '../report/report-schema.js';

/** Why a probe did not pass, in one line: its own error, else its first failing (then erroring) assertion. */
export function probeFirstFailure(report: ProbeReport): string | undefined {
  if (report.status === 'passed') return undefined;
  if (report.error !== undefined) return `${report.error.code}: ${report.error.message}`;
  const first = report.assertions.find((a) => a.status === 'fail') ?? report.assertions.find((a) => a.status === 'error');
  if (first === undefined) return undefined;
  return `${first.name}: ${first.status === 'error' && first.code !== undefined ? `${first.code} ` : ''}${first.message}`.slice(0, 300);
}

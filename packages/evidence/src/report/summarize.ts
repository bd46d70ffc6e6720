import type { CaseReport, PackEntry, ProbeReport, ReportSummary } from './report-schema.js';

/**
 * Counts outcomes. Exit code 0 only when every selected case passed (a flaky
 * case counts as passing unless failOnFlaky), every probe passed and every pack
 * loaded. Skipped is not passed.
 */
export function summarize(cases: readonly CaseReport[], probes: readonly ProbeReport[], packs: readonly PackEntry[], failOnFlaky: boolean): ReportSummary {
  const count = (status: CaseReport['status']): number => cases.filter((c) => c.status === status).length;
  const probeCount = (status: ProbeReport['status']): number => probes.filter((p) => p.status === status).length;
  const packErrors = packs.filter((p) => p.status === 'error').length;
  const casesOk = cases.every((c) => c.status === 'passed' || (c.status === 'flaky' && !failOnFlaky));
  const probesOk = probes.every((p) => p.status === 'passed');
  return {
    total: cases.length,
    passed: count('passed'),
    failed: count('failed'),
    flaky: count('flaky'),
    skipped: count('skipped'),
    error: count('error'),
    probes: { total: probes.length, passed: probeCount('passed'), failed: probeCount('failed'), error: probeCount('error') },
    packErrors,
    exitCode: casesOk && probesOk && packErrors === 0 && cases.length + probes.length > 0 ? 0 : 1,
  };
}

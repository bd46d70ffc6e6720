/** English: progress of long runs and the demo's report (kept apart so each catalog file stays short). */
export const enProgress = {
  'progress.counted': '{label}: {done}/{total} done · {failed} failed · {elapsed} elapsed · about {left} left',
  'progress.estimating': '{label}: {done}/{total} done · {failed} failed · {elapsed} elapsed · estimating time left',
  'progress.open': '{label}: {done} done · {failed} failed · {elapsed} elapsed',
  'progress.containment': 'containment episodes',
  'progress.fleet': 'fleet jobs',
  'progress.checks': 'case runs',
  'demo.runReport': 'Report of this run (timeline and audit check): {file}',
  'demo.runReportContainment': 'Report of this run (timeline, audit check and containment table): {file}',
} as const;

import { redactReport, type Redactor } from './redact-report.js';
import { REPORT_SCHEMA_VERSION, type EvidenceReport } from './report-schema.js';
import { writeReport, type ReportFiles } from './write-report.js';

/** What a run knows about itself; the envelope (version, kind, times) is added here. */
export type ReportBody = Omit<EvidenceReport, 'schemaVersion' | 'kind' | 'startedAt' | 'finishedAt' | 'durationMs'>;

export interface FinishedReport {
  report: EvidenceReport;
  dir: string;
  files: ReportFiles;
  exitCode: 0 | 1;
}

/**
 * The one owner of the report envelope, for checks and probes alike: wraps a run's body in
 * report.json's version, kind and times, redacts it and writes every format to `dir`.
 */
export async function finishReport(body: ReportBody, started: Date, dir: string, redact: Redactor): Promise<FinishedReport> {
  const { runId, ...rest } = body;
  const finished = new Date();
  const report: EvidenceReport = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    kind: 'warden.evidence.report',
    runId,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationMs: finished.getTime() - started.getTime(),
    ...rest,
  };
  const redacted = redactReport(report, redact);
  const files = await writeReport(dir, redacted);
  return { report: redacted, dir, files, exitCode: redacted.summary.exitCode };
}

import type { EvidenceReport } from '@warden/evidence/report';
import { randomId } from '../auth/secrets.js';
import type { CaseResultsTable, MetricsTable, RunsTable } from '../db/schema.js';

export interface IndexedReport {
  run: RunsTable;
  cases: CaseResultsTable[];
  metrics: MetricsTable[];
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? null;
}

function isoOr(value: string, fallback: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

const MAX_METRICS_PER_CASE = 200;

/**
 * The rows the views query, taken from a validated report. The report itself is
 * kept whole (the run page renders it); these are only the facts lists and
 * history charts need, so no view re-parses hundreds of reports.
 */
export function indexReport(report: EvidenceReport, body: string, ids: { projectId: string; tokenId: string; digest: string; receivedAt: string }): IndexedReport {
  const runPk = randomId();
  const startedAt = isoOr(report.startedAt, ids.receivedAt);
  const packs = [...new Set([...report.cases.map((c) => c.pack), ...report.probes.map((p) => p.pack)])].sort();
  const run: RunsTable = {
    id: runPk,
    project_id: ids.projectId,
    run_id: report.runId,
    digest: ids.digest,
    token_id: ids.tokenId,
    received_at: ids.receivedAt,
    started_at: startedAt,
    duration_ms: report.durationMs,
    mode: report.schedule.mode,
    environment: report.environment.name ?? null,
    verdict: report.summary.exitCode === 0 ? 'passed' : 'failed',
    total: report.summary.total,
    passed: report.summary.passed,
    failed: report.summary.failed,
    // Cases flaky in this run: the report's own count, plus cases flagged flaky whose pass rate still failed them.
    flaky: report.cases.filter((c) => c.flaky || c.status === 'flaky').length,
    skipped: report.summary.skipped,
    errored: report.summary.error,
    probes: report.summary.probes.total,
    packs: packs.join(','),
    bytes: Buffer.byteLength(body),
    report: body,
  };
  const cases: CaseResultsTable[] = [];
  const metrics: MetricsTable[] = [];
  for (const c of report.cases) {
    const durations = c.iterations.map((i) => i.durationMs).sort((a, b) => a - b);
    cases.push({
      id: randomId(),
      run_pk: runPk,
      project_id: ids.projectId,
      kind: 'case',
      case_id: c.id,
      pack: c.pack,
      title: c.title,
      status: c.status,
      flaky: c.flaky ? 1 : 0,
      iterations: c.runs,
      passed: c.passed,
      pass_rate: c.passRate,
      p50_ms: percentile(durations, 50),
      p95_ms: percentile(durations, 95),
      p99_ms: percentile(durations, 99),
      started_at: startedAt,
    });
    // A metric recorded in several iterations is kept as its mean for this run.
    const sums = new Map<string, { total: number; count: number; unit: string }>();
    for (const metric of c.iterations.flatMap((i) => i.metrics)) {
      const entry = sums.get(metric.name) ?? { total: 0, count: 0, unit: metric.unit };
      entry.total += metric.value;
      entry.count += 1;
      sums.set(metric.name, entry);
    }
    for (const [name, entry] of [...sums].slice(0, MAX_METRICS_PER_CASE)) {
      metrics.push({ id: randomId(), run_pk: runPk, project_id: ids.projectId, case_id: c.id, name, value: entry.total / entry.count, unit: entry.unit, started_at: startedAt });
    }
  }
  for (const p of report.probes) {
    const durations = p.calls.map((call) => call.durationMs).sort((a, b) => a - b);
    const ok = p.calls.filter((call) => call.status === 'ok').length;
    cases.push({
      id: randomId(),
      run_pk: runPk,
      project_id: ids.projectId,
      kind: 'probe',
      case_id: p.id,
      pack: p.pack,
      title: p.title,
      status: p.status,
      flaky: 0,
      iterations: p.calls.length,
      passed: p.status === 'passed' ? p.calls.length : ok,
      pass_rate: p.status === 'passed' ? 1 : 0,
      p50_ms: percentile(durations, 50),
      p95_ms: percentile(durations, 95),
      p99_ms: percentile(durations, 99),
      started_at: startedAt,
    });
  }
  return { run, cases, metrics };
}

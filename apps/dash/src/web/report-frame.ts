import { createHash } from 'node:crypto';
import { renderHtml, REPORT_SCHEMA_VERSION, type EvidenceReport } from '@warden/evidence/report';
import { reportCsp } from './security-headers.js';

function hashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const EMPTY: EvidenceReport = {
  schemaVersion: REPORT_SCHEMA_VERSION,
  kind: 'warden.evidence.report',
  runId: 'empty',
  startedAt: '1970-01-01T00:00:00.000Z',
  finishedAt: '1970-01-01T00:00:00.000Z',
  durationMs: 0,
  interrupted: false,
  schedule: { mode: 'once', repeat: 1, minPassRate: 1, failOnFlaky: false, timeoutMs: 1000 },
  environment: { keys: [] },
  selectors: [],
  summary: { total: 0, passed: 0, failed: 0, flaky: 0, skipped: 0, error: 0, probes: { total: 0, passed: 0, failed: 0, error: 0 }, packErrors: 0, exitCode: 0 },
  packs: [],
  cases: [],
  probes: [],
};

export interface ReportRenderer {
  /** The CSP header for a rendered report: its renderer's script and style by hash, sandboxed. */
  csp: string;
  render(report: EvidenceReport): string;
}

/**
 * The evidence package's HTML renderer, served as is, so a report looks the same
 * on disk and in the dashboard. Its inline script and stylesheet are constants of
 * the renderer; their hashes are taken once, from a report with no pushed text.
 */
export function createReportRenderer(): ReportRenderer {
  const sample = renderHtml(EMPTY);
  const style = /<style>([\s\S]*?)<\/style>/.exec(sample)?.[1];
  const scripts = [...sample.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  const script = scripts[scripts.length - 1]?.[1];
  // Without the markers the renderer changed shape: fall back to no script and no style rather than allowing inline code.
  const csp = reportCsp(script === undefined ? "'none'" : hashOf(script), style === undefined ? "'none'" : hashOf(style));
  return { csp, render: renderHtml };
}

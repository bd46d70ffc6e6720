import type { CaseReport, Iteration } from './report-schema.js';

/** The run a renderer details for a case: the first that did not pass, else the last. */
export function detailIteration(report: CaseReport): Iteration | undefined {
  return report.iterations.find((it) => it.status === 'failed' || it.status === 'error') ?? report.iterations[report.iterations.length - 1];
}

/** Pretty JSON for display, capped (the full value stays in report.json). */
export function prettyJson(value: unknown, maxChars = 4000): { text: string; truncated: boolean } {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2) ?? 'null';
  return text.length > maxChars ? { text: text.slice(0, maxChars), truncated: true } : { text, truncated: false };
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return '(root)';
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join('');
}

export function percent(value: number): string {
  return `${(value * 100).toFixed(value === 1 || value === 0 ? 0 : 1)}%`;
}

export function ms(value: number): string {
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 2 : 0)} ms`;
}

export const STATUS_MARK: Record<string, string> = {
  passed: 'PASS',
  failed: 'FAIL',
  error: 'ERROR',
  skipped: 'SKIP',
  flaky: 'FLAKY',
  pass: 'pass',
  fail: 'fail',
  skip: 'skip',
  info: 'info',
};

/** The label of a status: the known marks, else the status itself (step statuses are free words). */
export function statusMark(status: string): string {
  return Object.hasOwn(STATUS_MARK, status) ? STATUS_MARK[status]! : status;
}

const NUMBER = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6, maximumFractionDigits: 3 });

/** A number for people: grouped, at most 3 decimals and 6 significant digits (125.789 ms, 1,234,567). JSON keeps full precision. */
export function humanNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-3)) return value.toExponential(3);
  return abs >= 1e6 ? new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value) : NUMBER.format(value);
}

import type { CaseReport } from './report-schema.js';
import { esc } from './html-escape.js';

const W = 520;
const H = 140;
const PAD = 28;
const COLORS = ['#0969da', '#bf3989', '#1a7f37', '#9a6700', '#8250df', '#cf222e'];
const MAX_POINTS = 400;

function thin<T>(items: readonly T[]): T[] {
  if (items.length <= MAX_POINTS) return [...items];
  const step = items.length / MAX_POINTS;
  return Array.from({ length: MAX_POINTS }, (_, i) => items[Math.floor(i * step)]!);
}

function frame(title: string, yLabel: string, body: string): string {
  return `<div class="chart"><svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(title)}"><text x="${PAD}" y="14" font-size="11">${esc(title)}</text><text x="2" y="${PAD + 4}" font-size="9" fill="#57606a">${esc(yLabel)}</text><line x1="${PAD}" y1="${H - PAD}" x2="${W - 8}" y2="${H - PAD}" stroke="#d0d7de"/><line x1="${PAD}" y1="20" x2="${PAD}" y2="${H - PAD}" stroke="#d0d7de"/>${body}</svg></div>`;
}

function x(offset: number, min: number, max: number): number {
  return PAD + ((offset - min) / Math.max(1, max - min)) * (W - PAD - 8);
}

function y(value: number, max: number): number {
  return H - PAD - (value / Math.max(1e-9, max)) * (H - PAD - 22);
}

/** Cumulative pass rate over time, as an inline SVG. */
export function passRateChart(c: CaseReport): string {
  const counted = c.iterations.filter((it) => it.status !== 'skipped');
  if (counted.length < 2) return '';
  let passes = 0;
  const points = counted.map((it, i) => {
    if (it.status === 'passed') passes++;
    return { t: it.offsetMs, v: passes / (i + 1), ok: it.status === 'passed' };
  });
  const min = points[0]!.t;
  const max = points[points.length - 1]!.t;
  const shown = thin(points);
  const line = shown.map((p) => `${x(p.t, min, max).toFixed(1)},${y(p.v, 1).toFixed(1)}`).join(' ');
  const fails = shown.filter((p) => !p.ok).map((p) => `<circle cx="${x(p.t, min, max).toFixed(1)}" cy="${y(p.v, 1).toFixed(1)}" r="2.5" fill="#cf222e"/>`).join('');
  return frame(`Pass rate over time (${counted.length} runs, final ${(points[points.length - 1]!.v * 100).toFixed(1)}%)`, '100%', `<polyline fill="none" stroke="#1a7f37" stroke-width="1.5" points="${line}"/>${fails}`);
}

/** Latency of each operation over time, as an inline SVG. */
export function latencyChart(c: CaseReport): string {
  if (c.runs < 2 || c.latency.length === 0) return '';
  const series = c.latency.slice(0, COLORS.length).map((l, i) => ({
    name: l.operation,
    color: COLORS[i]!,
    points: c.iterations.flatMap((it) => it.operations.filter((op) => op.title === l.operation && op.durationMs !== undefined).map((op) => ({ t: it.offsetMs, v: op.durationMs! }))),
  }));
  const all = series.flatMap((s) => s.points);
  if (all.length < 2) return '';
  const min = Math.min(...all.map((p) => p.t));
  const max = Math.max(...all.map((p) => p.t));
  const top = Math.max(...all.map((p) => p.v));
  const lines = series
    .map((s) => `<polyline fill="none" stroke="${s.color}" stroke-width="1.2" points="${thin(s.points).map((p) => `${x(p.t, min, max).toFixed(1)},${y(p.v, top).toFixed(1)}`).join(' ')}"/>`)
    .join('');
  const legend = series.map((s, i) => `<text x="${PAD + 6 + i * 90}" y="${H - 8}" font-size="10" fill="${s.color}">${esc(s.name.slice(0, 14))}</text>`).join('');
  return frame(`Latency over time (max ${top.toFixed(0)} ms)`, `${top.toFixed(0)}ms`, lines + legend);
}

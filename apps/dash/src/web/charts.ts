import { escapeHtml, raw, type SafeHtml } from './html.js';

export interface ChartSeries {
  name: string;
  /** One value per x position; null leaves a gap. */
  values: ReadonlyArray<number | null>;
}

export interface LineChartOptions {
  /** Labels under the first and last points (escaped). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Fixed top of the y axis (e.g. 1 for rates); otherwise the largest value. */
  yMax?: number;
  format(value: number): string;
  title: string;
  id?: string;
}

const COLORS = ['#2b59c3', '#c62828', '#1a7f37', '#a15c00'];
const W = 760;
const H = 220;
const PAD = { left: 54, right: 16, top: 14, bottom: 30 };

function n(value: number): string {
  return Number.isFinite(value) ? value.toFixed(1) : '0';
}

/**
 * A server-drawn SVG line chart: numbers in, markup out, no script and no inline
 * style (the CSP allows neither). Text that came from a report is escaped.
 */
export function lineChart(options: LineChartOptions): SafeHtml {
  const count = Math.max(1, ...options.series.map((s) => s.values.length));
  const all = options.series.flatMap((s) => s.values.filter((v): v is number => v !== null && Number.isFinite(v)));
  const yMax = options.yMax ?? Math.max(1e-9, ...all) * 1.1;
  const x = (i: number): number => PAD.left + (count === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (count - 1));
  const y = (v: number): number => PAD.top + (1 - Math.min(v, yMax) / yMax) * (H - PAD.top - PAD.bottom);
  const parts: string[] = [];
  for (const tick of [0, 0.5, 1]) {
    const ty = y(tick * yMax);
    parts.push(`<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${n(ty)}" y2="${n(ty)}" stroke="#e4e8ef"/>`);
    parts.push(`<text x="${PAD.left - 6}" y="${n(ty + 4)}" text-anchor="end">${escapeHtml(options.format(tick * yMax))}</text>`);
  }
  options.series.forEach((series, s) => {
    const color = COLORS[s % COLORS.length] ?? '#2b59c3';
    let path = '';
    let pen = false;
    series.values.forEach((v, i) => {
      if (v === null || !Number.isFinite(v)) {
        pen = false;
        return;
      }
      path += `${pen ? 'L' : 'M'}${n(x(i))} ${n(y(v))} `;
      pen = true;
      parts.push(`<circle cx="${n(x(i))}" cy="${n(y(v))}" r="3" fill="${color}"><title>${escapeHtml(`${series.name}: ${options.format(v)} (${options.labels[i] ?? ''})`)}</title></circle>`);
    });
    if (path) parts.push(`<path d="${path.trim()}" fill="none" stroke="${color}" stroke-width="2"/>`);
  });
  const first = options.labels[0];
  const last = options.labels[options.labels.length - 1];
  if (first !== undefined) parts.push(`<text x="${PAD.left}" y="${H - 8}">${escapeHtml(first)}</text>`);
  if (last !== undefined && options.labels.length > 1) parts.push(`<text x="${W - PAD.right}" y="${H - 8}" text-anchor="end">${escapeHtml(last)}</text>`);
  const legend = options.series.map((s, i) => `<span><i class="sw${i % COLORS.length}"></i>${escapeHtml(s.name)}</span>`).join('');
  const id = options.id === undefined ? '' : ` id="${escapeHtml(options.id)}"`;
  return raw(
    `<figure${id}><svg class="chart" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(options.title)}">${parts.join('')}</svg><figcaption class="legend">${legend}</figcaption></figure>`,
  );
}

export interface BarChartOptions {
  bars: ReadonlyArray<{ label: string; value: number }>;
  format(value: number): string;
  title: string;
  id?: string;
}

/** A server-drawn horizontal bar chart (same rules as the line chart: numbers in, escaped text, no script). */
export function barChart(options: BarChartOptions): SafeHtml {
  const rowH = 24;
  const labelW = 220;
  const valueW = 120;
  const height = Math.max(1, options.bars.length) * rowH + 8;
  const max = Math.max(1e-9, ...options.bars.map((b) => b.value));
  const parts = options.bars.map((bar, i) => {
    const y = 4 + i * rowH;
    const w = Math.max(1, ((W - labelW - valueW) * Math.max(0, bar.value)) / max);
    const text = escapeHtml(options.format(bar.value));
    return `<g data-key="${escapeHtml(bar.label)}" data-value="${escapeHtml(String(bar.value))}"><text x="${labelW - 6}" y="${y + 15}" text-anchor="end">${escapeHtml(bar.label)}</text><rect x="${labelW}" y="${y + 3}" width="${n(w)}" height="${rowH - 8}" fill="${COLORS[0]}"><title>${escapeHtml(bar.label)}: ${text}</title></rect><text x="${n(labelW + w + 6)}" y="${y + 15}">${text}</text></g>`;
  });
  const id = options.id === undefined ? '' : ` id="${escapeHtml(options.id)}"`;
  return raw(`<figure${id}><svg class="chart" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">${parts.join('')}</svg></figure>`);
}

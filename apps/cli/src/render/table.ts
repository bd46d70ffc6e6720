import { fit, type TerminalStyle } from './terminal-style.js';

/**
 * A plain text table fitted to the terminal width: the widest column shrinks
 * first. Header in bold when colour is on; no box drawing, so it pipes cleanly.
 */
export function renderTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>, style: TerminalStyle): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const gap = 2;
  let total = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
  while (total > style.width) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= 8) break;
    widths[widest] = widths[widest]! - 1;
    total -= 1;
  }
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => fit(cell, widths[i]!).padEnd(widths[i]!))
      .join(' '.repeat(gap))
      .trimEnd();
  return [style.bold(line(headers)), ...rows.map(line)].join('\n') + '\n';
}

import { describe, expect, it } from 'vitest';
import { renderTable } from './table.js';
import { terminalStyle } from './terminal-style.js';
import { formatCost, summarizeArgs } from './summarize.js';

const style = (width: number) => terminalStyle({ isTTY: false, columns: width, write: () => undefined }, {});

describe('tables and summaries', () => {
  it('aligns columns and shrinks the widest to fit the width', () => {
    const text = renderTable(['ID', 'TITLE'], [['a', 'x'.repeat(100)], ['bb', 'short']], style(40));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('ID  TITLE');
    expect(lines.every((line) => line.length <= 40)).toBe(true);
    expect(lines[1]).toContain('…');
  });

  it('summarizes calls and costs', () => {
    expect(summarizeArgs('shell', { command: 'ls -la' })).toBe('$ ls -la');
    expect(summarizeArgs('read_file', { path: 'a.txt' })).toBe('a.txt');
    expect(summarizeArgs('list_files', {})).toBe('list_files');
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.00123)).toBe('$0.0012');
    expect(formatCost(1.5)).toBe('$1.50');
  });
});

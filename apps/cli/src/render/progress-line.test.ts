import { describe, expect, it } from 'vitest';
import type { CliOutput } from '../cli/io.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import { createProgressLine, estimateRemainingMs, formatDuration, progressText } from './progress-line.js';
import { terminalStyle } from './terminal-style.js';

function capture(isTTY: boolean, columns = 60): CliOutput & { text: string } {
  const out = { text: '', isTTY, columns: isTTY ? columns : undefined, write: (s: string) => void (out.text += s) };
  return out;
}

describe('progress: time left', () => {
  it('extrapolates the average so far over what is left', () => {
    expect(estimateRemainingMs({ done: 2, failed: 0, total: 10 }, 20_000)).toBe(80_000);
    expect(estimateRemainingMs({ done: 9, failed: 3, total: 10 }, 90_000)).toBe(10_000);
    expect(estimateRemainingMs({ done: 10, failed: 0, total: 10 }, 5_000)).toBe(0);
  });

  it('does not guess before the first item, nor without a total', () => {
    expect(estimateRemainingMs({ done: 0, failed: 0, total: 10 }, 5_000)).toBeUndefined();
    expect(estimateRemainingMs({ done: 4, failed: 0 }, 5_000)).toBeUndefined();
  });

  it('formats durations for a single line', () => {
    expect(formatDuration(400)).toBe('0s');
    expect(formatDuration(42_000)).toBe('42s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(3_720_000)).toBe('1h 02m');
  });

  it('says counts, failures, elapsed and time left', async () => {
    const t = await loadTranslator('en');
    expect(progressText('jobs', { done: 3, failed: 1, total: 12 }, 30_000, t)).toBe('jobs: 3/12 done · 1 failed · 30s elapsed · about 1m 30s left');
    expect(progressText('jobs', { done: 0, failed: 0, total: 12 }, 2_000, t)).toBe('jobs: 0/12 done · 0 failed · 2s elapsed · estimating time left');
    expect(progressText('runs', { done: 7, failed: 0 }, 61_000, t)).toBe('runs: 7 done · 0 failed · 1m 01s elapsed');
  });
});

describe('progress: rendering', () => {
  it('redraws one line in place on a terminal and clears it at the end', async () => {
    const t = await loadTranslator('en');
    const out = capture(true, 100);
    let clock = 0;
    const line = createProgressLine({ label: 'episodes', total: 4, t, out, style: terminalStyle(out, { NO_COLOR: '1' }), redrawEveryMs: 0, now: () => clock });
    clock = 10_000;
    line.tick(false);
    clock = 20_000;
    line.tick(true);
    line.stop();
    expect(out.text).toBe('\r\u001b[2Kepisodes: 1/4 done · 0 failed · 10s elapsed · about 30s left\r\u001b[2Kepisodes: 2/4 done · 1 failed · 20s elapsed · about 20s left\r\u001b[2K');
  });

  it('cuts to the terminal width before painting, so colour codes stay whole', async () => {
    const t = await loadTranslator('en');
    const out = capture(true);
    const line = createProgressLine({ label: 'a very long label for containment episodes', total: 400, t, out, style: terminalStyle(out, { FORCE_COLOR: '1' }), redrawEveryMs: 0, now: () => 0 });
    line.tick(false);
    line.stop();
    const drawn = out.text.split('\r\u001b[2K')[1]!;
    expect(drawn.startsWith('\u001b[2m')).toBe(true);
    expect(drawn.endsWith('…\u001b[22m')).toBe(true);
    // eslint-disable-next-line no-control-regex -- the test strips the colour codes it checks for
    expect(drawn.replace(/\u001b\[\d+m/g, '')).toHaveLength(59);
  });

  it('prints a plain line now and then in a pipe, with no escape codes', async () => {
    const t = await loadTranslator('en');
    const out = capture(false);
    let clock = 0;
    const line = createProgressLine({ label: 'jobs', total: 3, t, out, style: terminalStyle(out, {}), plainEveryMs: 10_000, now: () => clock });
    clock = 4_000;
    line.tick(false); // too soon after the start: nothing
    clock = 12_000;
    line.tick(true);
    clock = 13_000;
    line.tick(false); // too soon after the last line
    line.stop();
    expect(out.text).toBe('jobs: 2/3 done · 1 failed · 12s elapsed · about 6s left\n');
  });

  it('treats TERM=dumb like a pipe, and is silent when plain lines are off', async () => {
    const t = await loadTranslator('en');
    const dumb = capture(true);
    let clock = 0;
    const a = createProgressLine({ label: 'x', total: 2, t, out: dumb, style: terminalStyle(dumb, {}), dumb: true, plainEveryMs: 1, now: () => clock });
    clock = 5_000;
    a.tick(false);
    a.stop();
    expect(dumb.text).toBe('x: 1/2 done · 0 failed · 5s elapsed · about 5s left\n');
    const quiet = capture(false);
    const b = createProgressLine({ label: 'x', total: 2, t, out: quiet, style: terminalStyle(quiet, {}), plainEveryMs: 0, now: () => 60_000 });
    b.tick(true);
    b.stop();
    expect(quiet.text).toBe('');
  });
});

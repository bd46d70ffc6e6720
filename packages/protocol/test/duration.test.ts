import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/checks.js';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    [' 1.5m ', 90_000],
    ['2h', 7_200_000],
    ['7d', 604_800_000],
    ['30', 30_000],
    ['0.25', 250],
    ['6m0s', 360_000],
    ['1h2m3.5s', 3_723_500],
    ['20ms', 20],
    ['1.5s', 1500],
  ])('%j is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '   ', 's', '5 s', '-5s', '5x', '1h 2m', 'abc', '1e3s', '5s5', 'Infinitys', '.5s'])('%j is not a duration', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { parseDurationMs } from './duration.js';

describe('parseDurationMs', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['1h', 3_600_000],
    ['500ms', 500],
    ['2', 2000],
    ['1.5s', 1500],
    ['soon', undefined],
    ['-1s', undefined],
  ])('%s → %s', (text, ms) => {
    expect(parseDurationMs(text)).toBe(ms);
  });
});

import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.js';

describe('parseDuration', () => {
  it.each([
    ['30s', 30_000],
    ['2s', 2_000],
    ['250ms', 250],
    ['1.5m', 90_000],
    ['2h', 7_200_000],
    ['10', 10_000],
  ])('%s is %d ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it.each(['', 'soon', '-1s', '5 days', '1e3s'])('rejects %j', (text) => {
    expect(() => parseDuration(text)).toThrow(expect.objectContaining({ code: 'evidence.invalid_options' }));
  });
});

import { describe, expect, it } from 'vitest';
import { parseDuration, parseRetryAfter } from './retry-after.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    [{ 'retry-after-ms': '1500' }, 1500],
    [{ 'retry-after': '3' }, 3000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:07 GMT' }, 7000],
    [{ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    [{ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s', 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-remaining-tokens': '900' }, 1000],
    [{ 'x-ratelimit-reset-requests': '20ms', 'x-ratelimit-reset-tokens': '2.5s' }, 2500],
    [{ 'retry-after-ms': '200', 'retry-after': '9' }, 200],
    [{}, undefined],
    [{ 'retry-after': 'soon' }, undefined],
  ])('%j → %s', (headers, expected) => {
    expect(parseRetryAfter(headers, NOW)).toBe(expected);
  });

  it('reads OpenAI durations', () => {
    expect(parseDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('17ms')).toBe(17);
    expect(parseDuration('abc')).toBeUndefined();
  });
});

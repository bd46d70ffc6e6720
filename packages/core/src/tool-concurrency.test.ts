import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from './tool-concurrency.js';

describe('mapWithConcurrency', () => {
  it('keeps input order whatever order work finishes in, and never exceeds the limit', async () => {
    let running = 0;
    let peak = 0;
    const delays = [15, 1, 8, 3, 0, 5];
    const out = await mapWithConcurrency(delays, 3, async (ms, i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(3);
  });

  it('handles an empty list', async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });
});

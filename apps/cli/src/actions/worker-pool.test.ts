import { describe, expect, it } from 'vitest';
import { runPool } from './worker-pool.js';

describe('runPool', () => {
  it('never runs more than the worker count at once and keeps the input order', async () => {
    let running = 0;
    let peak = 0;
    const results = await runPool([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });
});

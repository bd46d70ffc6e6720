import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrainWatch } from './drain-watch.js';

function body() {
  return { destroyed: false, destroy() { this.destroyed = true; } };
}

describe('DrainWatch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves a body that finished draining in time alone', () => {
    const watch = new DrainWatch(1000);
    const b = body();
    watch.watch(b);
    vi.advanceTimersByTime(10);
    watch.release(b);
    vi.advanceTimersByTime(5000);
    expect(b.destroyed).toBe(false);
  });

  it('ends a body still open after the grace', () => {
    const watch = new DrainWatch(1000);
    const b = body();
    watch.watch(b);
    vi.advanceTimersByTime(999);
    expect(b.destroyed).toBe(false);
    vi.advanceTimersByTime(2);
    expect(b.destroyed).toBe(true);
  });

  it('does not let a stream of new drains postpone a stuck one', () => {
    const watch = new DrainWatch(1000);
    const stuck = body();
    watch.watch(stuck);
    for (let i = 0; i < 30; i += 1) {
      vi.advanceTimersByTime(100);
      const quick = body();
      watch.watch(quick);
      watch.release(quick);
    }
    expect(stuck.destroyed).toBe(true);
  });

  it('ends each stuck body at its own deadline, with the timer re-armed in between', () => {
    const watch = new DrainWatch(1000);
    const first = body();
    const second = body();
    watch.watch(first);
    vi.advanceTimersByTime(600);
    watch.watch(second);
    vi.advanceTimersByTime(401);
    expect([first.destroyed, second.destroyed]).toEqual([true, false]);
    vi.advanceTimersByTime(600);
    expect(second.destroyed).toBe(true);
  });
});

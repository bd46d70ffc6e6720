import { describe, expect, it } from 'vitest';
import { captureScreen } from '../src/capture-screen.js';

/** A page whose first `fail` screenshots fail with `message`. */
function page(fail: number, message: string) {
  let calls = 0;
  const waits: number[] = [];
  return {
    waits,
    calls: () => calls,
    screenshot: async () => {
      calls += 1;
      if (calls <= fail) throw new Error(`page.screenshot: Protocol error (Page.captureScreenshot): ${message}`);
      return Buffer.from('png');
    },
    waitForTimeout: async (ms: number) => void waits.push(ms),
  };
}

describe('captureScreen', () => {
  it('retries when Chromium had no frame ready, then returns the picture', async () => {
    const p = page(2, 'Unable to capture screenshot');
    await expect(captureScreen(p, 1000)).resolves.toEqual(Buffer.from('png'));
    expect(p.calls()).toBe(3);
    expect(p.waits).toEqual([200, 400]);
  });

  it('gives up after three tries', async () => {
    const p = page(5, 'Unable to capture screenshot');
    await expect(captureScreen(p, 1000)).rejects.toThrow(/Unable to capture screenshot/);
    expect(p.calls()).toBe(3);
  });

  it('does not retry any other failure', async () => {
    const p = page(1, 'Target closed');
    await expect(captureScreen(p, 1000)).rejects.toThrow(/Target closed/);
    expect(p.calls()).toBe(1);
  });
});

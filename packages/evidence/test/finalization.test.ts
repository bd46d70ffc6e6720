import { describe, expect, it } from 'vitest';
import { createFinalizer, definePack, defineProbe, outputContains, runProbes, type ProbeTarget } from '../src/index.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const clean = { complete: true, done: ['session-1'], open: [], stop_reason: null, leftover: [] };

function target(order: string[], cleanup: () => unknown, close: () => unknown = () => void order.push('close')): ProbeTarget {
  return {
    name: 't',
    call: () => ({ output: 'ok' }),
    cleanup: async () => {
      order.push('cleanup');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return cleanup();
    },
    close,
  };
}

describe('target finalization', () => {
  it('runs cleanup before close, once, and concurrent or repeated calls await the same result', async () => {
    const order: string[] = [];
    const finalizer = createFinalizer(target(order, () => clean));
    const [a, b] = await Promise.all([finalizer.finalize(), finalizer.finalize()]);
    const c = await finalizer.finalize();
    expect(order).toEqual(['cleanup', 'close']);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(a).toMatchObject({ ok: true, cleanup: { status: 'ok', report: clean }, close: { status: 'ok' } });
  });

  it('runs close even when cleanup throws', async () => {
    const order: string[] = [];
    const result = await createFinalizer(
      target(order, () => {
        throw new Error('cleanup exploded');
      }),
    ).finalize();
    expect(order).toEqual(['cleanup', 'close']);
    expect(result).toMatchObject({ ok: false, cleanup: { status: 'error', error: { message: 'cleanup exploded' } }, close: { status: 'ok' } });
  });

  it.each([
    ['open records', { ...clean, open: ['session-2'] }],
    ['leftovers', { ...clean, leftover: ['/tmp/x'] }],
    ['an incomplete report', { ...clean, complete: false, stop_reason: 'timeout' }],
    ['a malformed report', { complete: true }],
    ['no report at all', undefined],
    ['extra keys', { ...clean, extra: 1 }],
  ])('treats %s after final cleanup as an error', async (_label, report) => {
    const result = await createFinalizer(target([], () => report)).finalize();
    expect(result.ok).toBe(false);
    expect(result.cleanup.status).toBe('error');
    expect(result.cleanup.error?.code).toBe('evidence.target_finalize_failed');
  });

  it('reports a failing close, and a failed finalization fails the run', async () => {
    const order: string[] = [];
    const broken = target(order, () => clean, () => {
      throw new Error('close failed');
    });
    const result = await runProbes({ target: broken, packs: [definePack({ name: 'p', probes: [defineProbe({ id: 'p:a', prompt: 'x', assertions: [outputContains('ok')] })] })], outDir: await tempDir(), redact: identity });
    expect(result.report.probes[0]!.status).toBe('passed');
    expect(result.report.finalization).toMatchObject({ ok: false, close: { status: 'error' } });
    expect(result.exitCode).toBe(1);
  });

  it('a target without cleanup or close finalizes as absent', async () => {
    expect(await createFinalizer({ name: 'bare', call: () => ({ output: '' }) }).finalize()).toEqual({ ok: true, cleanup: { status: 'absent' }, close: { status: 'absent' } });
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CleanupStateUnknown, openTarget, parseTargetFile, RunStopped, runProbes, type ProbeHookContext, type ProbeTarget } from '../src/probes.js';
import { definePack, defineProbe } from '../src/index.js';
import { outputContains } from '../src/assertions.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();
const clean = { complete: true, done: 2, open: [], stop_reason: null, leftover: [] };
const ctx = (probe = 'p:a'): ProbeHookContext => ({ history: [{ role: 'user', content: 'hi' }], conversation_id: `run:${probe}`, probe_id: probe });

interface Recorder {
  order: string[];
  seen: ProbeHookContext[];
}

function target(rec: Recorder, hooks: { cleanup?: () => unknown; close?: () => unknown; call?: () => unknown; timeoutMs?: number } = {}): ProbeTarget {
  return {
    name: 't',
    ...(hooks.timeoutMs === undefined ? {} : { timeoutMs: hooks.timeoutMs }),
    call: () => (hooks.call === undefined ? { output: 'ok' } : hooks.call()),
    cleanup: async (context) => {
      rec.order.push('cleanup');
      rec.seen.push(context);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return hooks.cleanup === undefined ? clean : hooks.cleanup();
    },
    close: (context) => {
      rec.order.push('close');
      rec.seen.push(context);
      return hooks.close?.();
    },
  };
}

const recorder = (): Recorder => ({ order: [], seen: [] });

describe('finalization: cleanup, then close, once', () => {
  it('runs cleanup before close exactly once; concurrent and repeated aclose() await the same result', async () => {
    const rec = recorder();
    const session = openTarget(target(rec));
    const [a, b] = await Promise.all([session.aclose(), session.aclose()]);
    expect(await session.aclose()).toBe(a);
    expect(b).toBe(a);
    expect(rec.order).toEqual(['cleanup', 'close']);
    expect(a).toMatchObject({ ok: true, cleanup: { status: 'ok', report: clean }, close: { status: 'ok' } });
  });

  it('hands each hook a copy of the most recent call context', async () => {
    const rec = recorder();
    const session = openTarget(target(rec));
    await session.call('one', undefined, ctx('p:first'));
    const latest = ctx('p:second');
    await session.call('two', undefined, latest);
    latest.history.push({ role: 'assistant', content: 'mutated after the call' });
    await session.aclose();
    expect(rec.seen).toEqual([ctx('p:second'), ctx('p:second')]);
    expect(rec.seen[0]).not.toBe(rec.seen[1]);
  });

  it('cleanup may return null: finalization is ok and cleanupReport() is null', async () => {
    const session = openTarget(target(recorder(), { cleanup: () => null }));
    expect(await session.aclose()).toMatchObject({ ok: true, cleanup: { status: 'none' } });
    expect(session.cleanupReport()).toBeNull();
  });

  it('accepts the report shape exactly: done is a count, aborts is optional', async () => {
    for (const report of [clean, { ...clean, aborts: [] }, { ...clean, aborts: 1 }]) {
      const session = openTarget(target(recorder(), { cleanup: () => report }));
      expect((await session.aclose()).ok).toBe(true);
      expect(session.cleanupReport()).toEqual(report);
    }
  });

  it.each([
    ['done as a list', { ...clean, done: ['x'] }],
    ['done as a boolean', { ...clean, done: true }],
    ['a missing field', { complete: true, done: 0, open: [], leftover: [] }],
    ['an extra key', { ...clean, extra: 1 }],
    ['a string', 'done'],
  ])('an invalid report (%s) leaves the cleanup state unknown', async (_label, report) => {
    const session = openTarget(target(recorder(), { cleanup: () => report }));
    const result = await session.aclose();
    expect(result).toMatchObject({ ok: false, cleanup: { status: 'error', error: { code: 'evidence.target_finalize_failed' } } });
    expect(() => session.cleanupReport()).toThrow(CleanupStateUnknown);
    expect(() => session.cleanupReport()).toThrow(expect.objectContaining({ code: 'evidence.cleanup_state_unknown' }));
  });

  it.each([
    ['open records', { ...clean, open: ['session-2'] }],
    ['leftovers', { ...clean, leftover: ['/tmp/x'] }],
  ])('a final cleanup with %s is an error, and its report is still readable', async (_label, report) => {
    const session = openTarget(target(recorder(), { cleanup: () => report }));
    const result = await session.aclose();
    expect(result).toMatchObject({ ok: false, cleanup: { status: 'error', report } });
    expect(session.cleanupReport()).toEqual(report);
  });

  it('close runs even when cleanup fails; failures expose the class, never the message', async () => {
    const rec = recorder();
    const session = openTarget(
      target(rec, {
        cleanup: () => {
          throw new TypeError('token=abc123 leaked in a message');
        },
      }),
    );
    const result = await session.aclose();
    expect(rec.order).toEqual(['cleanup', 'close']);
    expect(result.cleanup).toEqual({ status: 'error', error: { name: 'TypeError', code: 'evidence.target_finalize_failed', message: 'cleanup raised TypeError.' } });
    expect(JSON.stringify(result)).not.toContain('abc123');
    expect(() => session.cleanupReport()).toThrow(CleanupStateUnknown);
  });

  it('close must return nothing; a valid cleanup report survives a later close failure', async () => {
    const returning = openTarget(target(recorder(), { close: () => 'closed' }));
    expect((await returning.aclose()).close).toMatchObject({ status: 'error', error: { name: 'CloseReturnedValue' } });
    const failing = openTarget(
      target(recorder(), {
        close: () => {
          throw new RangeError('secret');
        },
      }),
    );
    const result = await failing.aclose();
    expect(result).toMatchObject({ ok: false, cleanup: { status: 'ok' }, close: { status: 'error', error: { name: 'RangeError', message: 'close raised RangeError.' } } });
    expect(failing.cleanupReport()).toEqual(clean);
  });

  it('each hook has its own deadline: a hanging cleanup times out and close still runs', async () => {
    const rec = recorder();
    const session = openTarget(target(rec, { timeoutMs: 100, cleanup: () => new Promise(() => {}) }));
    const result = await session.aclose();
    expect(rec.order).toEqual(['cleanup', 'close']);
    expect(result).toMatchObject({ ok: false, cleanup: { status: 'error', error: { name: 'TimeoutError' } }, close: { status: 'ok' } });
    expect(() => session.cleanupReport()).toThrow(CleanupStateUnknown);
  });
});

describe('cleanupReport()', () => {
  it('throws CleanupStateUnknown before aclose() and while finalization is pending, and never invokes a hook', async () => {
    const rec = recorder();
    let release: () => void = () => undefined;
    const session = openTarget(target(rec, { cleanup: () => new Promise((resolve) => (release = () => resolve(clean))) }));
    expect(() => session.cleanupReport()).toThrow(CleanupStateUnknown);
    const closing = session.aclose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(() => session.cleanupReport()).toThrow(CleanupStateUnknown);
    release();
    await closing;
    const first = session.cleanupReport()!;
    first.open.push('tampered');
    expect(session.cleanupReport()).toEqual(clean);
    expect(rec.order).toEqual(['cleanup', 'close']);
  });

  it('without a cleanup hook or an attached report it returns null', async () => {
    const session = openTarget({ name: 'bare', call: () => ({ output: '' }) });
    expect(session.cleanupReport()).toBeNull();
    expect(await session.aclose()).toEqual({ ok: true, cleanup: { status: 'absent' }, close: { status: 'absent' } });
    expect(session.cleanupReport()).toBeNull();
  });
});

describe('calls and RunStopped', () => {
  it('rejects calls once finalization has started', async () => {
    const session = openTarget(target(recorder()));
    expect((await session.call('x', undefined, ctx())).kind).toBe('ok');
    const closing = session.aclose();
    expect(await session.call('late', undefined, ctx())).toEqual({ kind: 'rejected' });
    await closing;
    expect(await session.call('later', undefined, ctx())).toEqual({ kind: 'rejected' });
  });

  it("an entry's RunStopped stays the primary stop, and its attached report is kept when cleanup supplies none", async () => {
    const attached = { ...clean, done: 1, stop_reason: 'kill switch' };
    const session = openTarget(
      target(recorder(), {
        call: () => {
          throw new RunStopped('kill switch', { report: attached });
        },
        cleanup: () => {
          throw new RunStopped('cleanup stopped too');
        },
      }),
    );
    expect(await session.call('x', undefined, ctx())).toEqual({ kind: 'stopped', reason: 'kill switch' });
    const result = await session.aclose();
    expect(result.stop).toEqual({ source: 'entry', reason: 'kill switch' });
    expect(result.cleanup).toMatchObject({ status: 'none', report: attached });
    expect(session.cleanupReport()).toEqual(attached);
  });

  it("a newer cleanup report replaces the attached one; without an entry stop a hook's RunStopped is preserved", async () => {
    const attached = { ...clean, done: 1 };
    const newer = openTarget(
      target(recorder(), {
        call: () => {
          throw new RunStopped('stop', { report: attached });
        },
      }),
    );
    await newer.call('x', undefined, ctx());
    await newer.aclose();
    expect(newer.cleanupReport()).toEqual(clean);

    const hookStop = openTarget(
      target(recorder(), {
        close: () => {
          throw new RunStopped('closing stopped the run');
        },
      }),
    );
    expect((await hookStop.aclose()).stop).toEqual({ source: 'close', reason: 'closing stopped the run' });
  });

  it('an entry RunStopped ends the probe run: no further probe runs and the run exits 1', async () => {
    let calls = 0;
    const stopping: ProbeTarget = {
      name: 's',
      call: () => {
        calls++;
        if (calls === 2) throw new RunStopped('budget');
        return { output: 'ok' };
      },
    };
    const probes = ['p:a', 'p:b', 'p:c'].map((id) => defineProbe({ id, prompt: 'x', assertions: [outputContains('ok')] }));
    const result = await runProbes({ target: stopping, packs: [definePack({ name: 'p', probes })], outDir: await tempDir(), redact: identity });
    expect(calls).toBe(2);
    expect(result.report.probes.map((p) => p.status)).toEqual(['passed', 'error']);
    expect(result.report.finalization?.stop).toEqual({ source: 'entry', reason: 'budget' });
    expect(result.exitCode).toBe(1);
  });
});

describe('module target hooks', () => {
  it("a hook's loading counts against its deadline, and the run still writes its report", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'agent.mjs'), 'export function call() { return { output: "ok" }; }\nexport function close(context) { globalThis.closed = context.probe_id; }\n');
    await writeFile(path.join(dir, 'slow.mjs'), 'await new Promise(() => {});\nexport function cleanup() { return null; }\n');
    await writeFile(path.join(dir, 'sync.mjs'), 'export function cleanup(context) { const until = Date.now() + 5000; while (Date.now() < until) {} return null; }\n');
    for (const cleanup of ['slow.mjs:cleanup', 'sync.mjs:cleanup']) {
      const target = parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', cleanup, close: 'agent.mjs:close', timeout_s: 0.5 }, path.join(dir, 'target.json'));
      const result = await runProbes({ target, packs: [definePack({ name: 'p', probes: [defineProbe({ id: 'p:a', prompt: 'x', assertions: [outputContains('ok')] })] })], outDir: await tempDir(), redact: identity });
      expect(result.report.probes[0]!.status).toBe('passed');
      expect(result.report.finalization).toMatchObject({ ok: false, cleanup: { status: 'error', error: { name: 'TimeoutError' } } });
      expect(result.exitCode).toBe(1);
    }
  });
});

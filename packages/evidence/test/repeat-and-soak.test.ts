import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks } from '../src/index.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

/** Fails on the runs listed in `failing` (0-based), passes otherwise. */
function scriptedPack(failing: readonly number[], schedules: Array<'once' | 'soak'> = ['once', 'soak']) {
  return definePack({
    name: 'flaky',
    cases: [
      defineCase({ id: 'flaky:coin', title: 'Coin', schedules }, (ctx) => {
        ctx.operation('fetch', { kind: 'http', operation: 'GET /', expected: 200, actual: 200, durationMs: 10 + ctx.iteration });
        ctx.check(!failing.includes(ctx.iteration), failing.includes(ctx.iteration) ? 'status is 200' : 'status is 200');
        if (ctx.iteration === 3) ctx.check(false, 'body mentions ok');
      }),
    ],
  });
}

describe('repeat', () => {
  it('marks a case that both passed and failed as flaky when it meets the pass-rate gate', async () => {
    const result = await runChecks({ packs: [scriptedPack([1])], schedule: { repeat: 10, minPassRate: 0.8 }, outDir: await tempDir(), redact: identity });
    const [c] = result.report.cases;
    expect(c).toMatchObject({ status: 'flaky', flaky: true, runs: 10, passed: 8, failed: 2, passRate: 0.8 });
    expect(c!.passHatK['1']).toBeCloseTo(0.8);
    expect(c!.passHatK['2']).toBeCloseTo((8 * 7) / (10 * 9));
    expect(c!.passHatK['10']).toBe(0);
    expect(c!.failuresByCheck).toEqual([{ check: 'status is 200', count: 1 }, { check: 'body mentions ok', count: 1 }].sort((a, b) => b.count - a.count));
    expect(result.exitCode).toBe(0);
    const junit = await readFile(result.files.junit, 'utf8');
    expect(junit).toContain('<property name="flaky" value="true"/>');
    expect(junit).toContain('run 2: failed — status is 200');
    expect(junit.match(/<testcase /g)).toHaveLength(1);
  });

  it('fails a flaky case with --fail-on-flaky, and below the gate', async () => {
    const onFlaky = await runChecks({ packs: [scriptedPack([1])], schedule: { repeat: 10, minPassRate: 0.8, failOnFlaky: true }, outDir: await tempDir(), redact: identity });
    expect(onFlaky.report.cases[0]!.status).toBe('flaky');
    expect(onFlaky.exitCode).toBe(1);
    expect(await readFile(onFlaky.files.junit, 'utf8')).toContain('type="flaky"');
    const belowGate = await runChecks({ packs: [scriptedPack([1])], schedule: { repeat: 10, minPassRate: 0.9 }, outDir: await tempDir(), redact: identity });
    expect(belowGate.report.cases[0]).toMatchObject({ status: 'failed', flaky: true });
    expect(belowGate.exitCode).toBe(1);
    expect(await readFile(belowGate.files.junit, 'utf8')).toContain('2/10 runs failed (pass rate 80.0%, gate 90.0%); first: status is 200');
  });
});

describe('soak', () => {
  it('records every iteration with pass rate, failures by first failing check and latency percentiles', async () => {
    const iterations: number[] = [];
    const result = await runChecks({
      packs: [scriptedPack([0, 5])],
      schedule: { mode: 'soak', iterations: 8 },
      outDir: await tempDir(),
      redact: identity,
      onProgress: (e) => void (e.type === 'iteration_end' && iterations.push(e.iteration)),
    });
    const [c] = result.report.cases;
    expect(iterations).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(c).toMatchObject({ runs: 8, passed: 5, failed: 3, status: 'failed' });
    expect(c!.failuresByCheck).toEqual([
      { check: 'status is 200', count: 2 },
      { check: 'body mentions ok', count: 1 },
    ]);
    expect(c!.latency).toEqual([{ operation: 'fetch', count: 8, p50: 13, p90: 17, p95: 17, p99: 17, max: 17 }]);
    expect(result.report.schedule).toMatchObject({ mode: 'soak', iterations: 8, pauseMs: 0 });
    const html = await readFile(result.files.html, 'utf8');
    expect(html).toContain('Pass rate over time (8 runs');
    expect(html).toContain('Latency over time');
  });

  it('stops at the end of the current iteration when signalled and still writes the report', async () => {
    const controller = new AbortController();
    const pack = definePack({
      name: 'long',
      cases: [
        defineCase({ id: 'long:a', title: 'a', schedules: ['soak'] }, (ctx) => {
          if (ctx.iteration === 2) controller.abort();
        }),
        defineCase({ id: 'long:b', title: 'b', schedules: ['soak'] }, () => undefined),
      ],
    });
    const result = await runChecks({ packs: [pack], schedule: { mode: 'soak', forMs: 60_000 }, outDir: await tempDir(), redact: identity, signal: controller.signal });
    expect(result.report.interrupted).toBe(true);
    expect(result.report.cases.map((c) => c.runs)).toEqual([3, 3]);
    expect(result.exitCode).toBe(0);
  });

  it('cuts a pause short when signalled', async () => {
    const controller = new AbortController();
    const pack = definePack({
      name: 'paused',
      cases: [defineCase({ id: 'p:a', title: 'a', schedules: ['soak'] }, () => void setTimeout(() => controller.abort(), 20))],
    });
    const result = await runChecks({ packs: [pack], schedule: { mode: 'soak', forMs: 600_000, pauseMs: 300_000 }, outDir: await tempDir(), redact: identity, signal: controller.signal });
    expect(result.report.interrupted).toBe(true);
    expect(result.report.cases[0]!.runs).toBe(1);
  });

  it('runs only cases that declare the soak schedule', async () => {
    const pack = definePack({
      name: 'mixed',
      cases: [defineCase({ id: 'm:once', title: 'once only' }, () => undefined), defineCase({ id: 'm:soak', title: 'soak', schedules: ['soak'] }, () => undefined)],
    });
    const result = await runChecks({ packs: [pack], schedule: { mode: 'soak', iterations: 2 }, outDir: await tempDir(), redact: identity });
    expect(result.report.cases.map((c) => c.id)).toEqual(['m:soak']);
    await expect(runChecks({ packs: [pack], selectors: ['m:once'], schedule: { mode: 'soak', iterations: 2 }, outDir: await tempDir(), redact: identity })).rejects.toMatchObject({
      code: 'evidence.nothing_selected',
    });
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks, type RunProgress } from '../src/index.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

function quickPack(schedules: Array<'once' | 'soak'> = ['once', 'soak']) {
  return definePack({
    name: 'quick',
    cases: [defineCase({ id: 'quick:a', title: 'A', schedules }, (ctx) => {
      ctx.check(true, 'fine');
    }), defineCase({ id: 'quick:b', title: 'B', schedules }, (ctx) => {
      ctx.check(true, 'fine');
    })],
  });
}

describe('soak honours --pause near the deadline', () => {
  it('stops instead of looping without a pause once the time left is shorter than the pause', async () => {
    // 1.5 s of soak with a 1 s pause: one iteration, one pause, one more iteration, then less than
    // a pause is left, so the soak ends. (The old runner skipped the pause and hammered the target.)
    const result = await runChecks({ packs: [quickPack()], schedule: { mode: 'soak', forMs: 1500, pauseMs: 1000 }, outDir: await tempDir(), redact: identity });
    const runs = result.report.cases[0]!.runs;
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(2);
  });

  it('with no pause it keeps iterating until the deadline, as asked', async () => {
    const result = await runChecks({ packs: [quickPack()], schedule: { mode: 'soak', iterations: 5 }, outDir: await tempDir(), redact: identity });
    expect(result.report.cases[0]!.runs).toBe(5);
  });
});

describe('ctx.step accepts the statuses the checks spec uses', () => {
  it('records "running" and "ok" steps and writes every report format', async () => {
    const pack = definePack({
      name: 'steps',
      cases: [
        defineCase({ id: 'steps:health', title: 'health' }, (ctx) => {
          ctx.step('health', 'running');
          ctx.check(true, 'service must be healthy');
          ctx.step('health', 'ok');
        }),
      ],
    });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    expect(result.report.cases[0]!.status).toBe('passed');
    expect(result.report.cases[0]!.iterations[0]!.steps.map((s) => s.status)).toEqual(['running', 'ok']);
    expect(await readFile(result.files.markdown, 'utf8')).toContain('| health | running |');
    expect(await readFile(result.files.html, 'utf8')).toContain('running');
  });

  it('a step marked failed or error fails the case; an absurd status is refused at the call, not the run', async () => {
    const pack = definePack({
      name: 'steps',
      cases: [
        defineCase({ id: 'steps:failed', title: 'f' }, (ctx) => ctx.step('deploy', 'failed')),
        defineCase({ id: 'steps:error', title: 'e' }, (ctx) => ctx.step('deploy', 'error')),
        defineCase({ id: 'steps:weird', title: 'w' }, (ctx) => ctx.step('x', '')),
      ],
    });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    expect(result.report.cases.map((c) => c.status)).toEqual(['failed', 'failed', 'error']);
  });
});

describe('progress counts runs, not cases', () => {
  it('announces the expected number of runs for --repeat and iteration-bounded soaks, none for time-bounded ones', async () => {
    const starts: Array<RunProgress & { type: 'run_start' }> = [];
    const collect = (event: RunProgress): void => {
      if (event.type === 'run_start') starts.push(event);
    };
    await runChecks({ packs: [quickPack()], schedule: { repeat: 3 }, outDir: await tempDir(), redact: identity, onProgress: collect });
    await runChecks({ packs: [quickPack()], schedule: { mode: 'soak', iterations: 4 }, outDir: await tempDir(), redact: identity, onProgress: collect });
    await runChecks({ packs: [quickPack()], schedule: { mode: 'soak', forMs: 50 }, outDir: await tempDir(), redact: identity, onProgress: collect });
    expect(starts.map((s) => [s.cases, s.runs])).toEqual([
      [2, 6],
      [2, 8],
      [2, undefined],
    ]);
  });
});

describe('numbers for people, full precision in JSON', () => {
  it('formats metric and threshold values in HTML and Markdown, and keeps them exact in report.json', async () => {
    const pack = definePack({
      name: 'num',
      cases: [
        defineCase({ id: 'num:latency', title: 'latency' }, (ctx) => {
          ctx.metric('latency', 125.78945400000003, 'ms');
          ctx.metric('bytes', 1234567.891, 'B');
          ctx.check(ctx.threshold('p95', 0.30000000000000004, { max: 0.5 }), 'p95 within');
        }),
      ],
    });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    const md = await readFile(result.files.markdown, 'utf8');
    const html = await readFile(result.files.html, 'utf8');
    for (const text of [md, html]) {
      expect(text).toContain('125.789 ms');
      expect(text).toContain('1,234,568 B');
      expect(text).toContain('0.3');
      expect(text).not.toContain('>125.78945400000003 ');
      expect(text).not.toContain('| 125.78945400000003');
    }
    const json = JSON.parse(await readFile(result.files.json, 'utf8')) as { cases: Array<{ iterations: Array<{ metrics: Array<{ value: number }> }> }> };
    expect(json.cases[0]!.iterations[0]!.metrics[0]!.value).toBe(125.78945400000003);
  });

  it('escapes a free-word step status in HTML', async () => {
    const pack = definePack({ name: 'x', cases: [defineCase({ id: 'x:y', title: 'y' }, (ctx) => ctx.step('s', '<img src=x onerror=alert(1)>'))] });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity });
    const html = await readFile(result.files.html, 'utf8');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x');
  });
});

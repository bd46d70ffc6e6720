import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineCase, definePack, runChecks, EvidenceError } from '../src/index.js';
import { EvidenceReport } from '../src/report.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

function demoPack() {
  return definePack({
    name: 'webdemo',
    description: 'demo',
    environments: { local: { baseUrl: 'http://127.0.0.1:1', token: 'tok-ABC' } },
    cases: [
      defineCase({ id: 'web:health', title: 'Health', tags: ['smoke'] }, async (ctx) => {
        ctx.step('ping');
        ctx.check(true, 'status is 200');
        ctx.metric('bytes', 12, 'B');
      }),
      defineCase({ id: 'web:login', title: 'Login', tags: ['e2e'], group: 'auth' }, async (ctx) => {
        ctx.step('submit');
        ctx.check(false, 'redirects to /home');
        ctx.step('after the failure, still recorded');
        ctx.operation('GET /me', { kind: 'http', operation: 'GET /me', expected: { status: 200, user: 'ann' }, actual: { status: 401, user: null }, durationMs: 5 });
        ctx.check(true, 'cookie set');
      }),
      defineCase({ id: 'web:windows-only', title: 'Windows only', tags: ['e2e'] }, async (ctx) => {
        ctx.skip('not on windows');
      }),
      defineCase({ id: 'web:needs-db', title: 'Needs DB', tags: ['e2e'] }, async (ctx) => {
        ctx.requireEnv('databaseUrl');
      }),
      defineCase({ id: 'web:throws', title: 'Throws' }, async () => {
        throw new RangeError('boom');
      }),
      defineCase({ id: 'web:slow', title: 'Slow', timeoutMs: 50 }, async (ctx) => {
        await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
        ctx.check(true, 'never recorded');
      }),
    ],
  });
}

describe('runChecks once', () => {
  it('records every outcome, writes four consistent files and exits 1', async () => {
    const outDir = await tempDir();
    const events: string[] = [];
    const result = await runChecks({ packs: [demoPack()], env: 'local', outDir, runId: 'run-1', redact: identity, onProgress: (e) => events.push(e.type) });
    const byId = Object.fromEntries(result.report.cases.map((c) => [c.id, c]));
    expect(byId['web:health']!.status).toBe('passed');
    expect(byId['web:login']!.status).toBe('failed');
    expect(byId['web:login']!.firstFailure).toBe('redirects to /home');
    expect(byId['web:login']!.iterations[0]!.steps.map((s) => s.name)).toEqual(['submit', 'after the failure, still recorded']);
    expect(byId['web:login']!.iterations[0]!.operations[0]!.matches).toBe(false);
    expect(byId['web:windows-only']!.status).toBe('skipped');
    expect(byId['web:needs-db']!.status).toBe('failed');
    expect(byId['web:needs-db']!.iterations[0]!.error?.code).toBe('evidence.prerequisite_missing');
    expect(byId['web:throws']!.status).toBe('error');
    expect(byId['web:throws']!.firstFailure).toBe('RangeError: boom');
    expect(byId['web:slow']!.status).toBe('error');
    expect(byId['web:slow']!.iterations[0]!.error?.code).toBe('evidence.case_timeout');
    expect(byId['web:slow']!.iterations[0]!.checks).toEqual([]);
    expect(result.exitCode).toBe(1);
    expect(result.dir).toBe(path.join(outDir, 'run-1'));
    expect(events[0]).toBe('run_start');
    expect(events.at(-1)).toBe('run_end');

    const json = JSON.parse(await readFile(result.files.json, 'utf8'));
    expect(EvidenceReport.parse(json)).toEqual(result.report);
    expect(json.environment).toEqual({ name: 'local', keys: ['baseUrl', 'token'] });
    expect(JSON.stringify(json)).not.toContain('tok-ABC');

    const junit = await readFile(result.files.junit, 'utf8');
    expect(junit).toContain('<testsuite name="webdemo" tests="6" failures="2" errors="2" skipped="1"');
    expect(junit).toContain('<failure message="redirects to /home" type="check">');
    expect(junit).toContain('<skipped message="not on windows"/>');
    const md = await readFile(result.files.markdown, 'utf8');
    expect(md).toContain('**Result: FAILED** (exit code 1)');
    expect(md).toContain('- [ ] redirects to /home **(failed)**');
    const html = await readFile(result.files.html, 'utf8');
    expect(html).toContain('id="verdict">FAILED');
    expect(html).toContain('<li class="check-fail">redirects to /home</li>');
  });

  it('exits 0 only when every selected case passed', async () => {
    const result = await runChecks({ packs: [demoPack()], selectors: ['tag:smoke'], outDir: await tempDir(), redact: identity });
    expect(result.report.cases.map((c) => c.id)).toEqual(['web:health']);
    expect(result.exitCode).toBe(0);
    expect(result.report.summary).toMatchObject({ total: 1, passed: 1, exitCode: 0 });
  });

  it('refuses a selection that matches nothing instead of passing vacuously', async () => {
    await expect(runChecks({ packs: [demoPack()], selectors: ['web:nope*'], outDir: await tempDir(), redact: identity })).rejects.toMatchObject({ code: 'evidence.nothing_selected' });
  });

  it('refuses an unknown environment, and validates options strictly', async () => {
    const outDir = await tempDir();
    await expect(runChecks({ packs: [demoPack()], env: 'prod', outDir, redact: identity })).rejects.toMatchObject({ code: 'evidence.unknown_environment' });
    await expect(runChecks({ packs: [demoPack()], outDir, redact: identity, schedule: { mode: 'soak' } })).rejects.toMatchObject({ code: 'evidence.invalid_options' });
    await expect(runChecks({ packs: [demoPack()], outDir, redact: identity, schedule: { repeat: 0 } })).rejects.toBeInstanceOf(EvidenceError);
    await expect(runChecks({ packs: [demoPack()], outDir, redact: identity, schedule: { bogus: 1 } as never })).rejects.toMatchObject({ code: 'evidence.invalid_options' });
  });

  it('merges config environments over the pack and hands them to ctx.env', async () => {
    const seen: unknown[] = [];
    const pack = definePack({
      name: 'envs',
      environments: { local: { a: 1, b: 'pack' } },
      cases: [defineCase({ id: 'env:read', title: 'read' }, (ctx) => void seen.push({ ...ctx.env }))],
    });
    await runChecks({ packs: [pack], env: 'local', environments: { local: { b: 'config', c: true } }, outDir: await tempDir(), redact: identity });
    expect(seen).toEqual([{ a: 1, b: 'config', c: true }]);
  });

  it('stops before the next case on the signal and still writes the report', async () => {
    const controller = new AbortController();
    const pack = definePack({
      name: 'stop',
      cases: [
        defineCase({ id: 'stop:first', title: 'first' }, () => controller.abort()),
        defineCase({ id: 'stop:second', title: 'second' }, () => undefined),
      ],
    });
    const result = await runChecks({ packs: [pack], outDir: await tempDir(), redact: identity, signal: controller.signal });
    expect(result.report.interrupted).toBe(true);
    expect(result.report.cases.map((c) => [c.id, c.status, c.runs])).toEqual([
      ['stop:first', 'passed', 1],
      ['stop:second', 'skipped', 0],
    ]);
    expect(result.exitCode).toBe(1);
    expect(await readFile(result.files.junit, 'utf8')).toContain('not run (interrupted)');
  });

  it('keeps same-named cases of two packs apart, artifacts included', async () => {
    const make = (name: string) =>
      definePack({ name, cases: [defineCase({ id: 'web:a/b', title: name }, async (ctx) => void (await ctx.artifact('out.txt', `from ${name}`)))] });
    const other = definePack({ name: 'third', cases: [defineCase({ id: 'web:a_b', title: 'third' }, async (ctx) => void (await ctx.artifact('out.txt', 'from third')))] });
    const result = await runChecks({ packs: [make('one'), make('two'), other], outDir: await tempDir(), redact: identity });
    expect(result.report.cases.map((c) => [c.pack, c.runs])).toEqual([
      ['one', 1],
      ['two', 1],
      ['third', 1],
    ]);
    const files = result.report.cases.map((c) => c.iterations[0]!.artifacts[0]!.file);
    expect(new Set(files).size).toBe(3);
    expect(await Promise.all(files.map((f) => readFile(path.join(result.dir, f), 'utf8')))).toEqual(['from one', 'from two', 'from third']);
  });
});

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPacks, runChecks, type Pack } from '@warden/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_GOALS } from '../src/pack.js';

// Loads the built pack (dist/pack.js, so run `npx tsup` first) the way a user's project finds it:
// installed in node_modules, announced by "warden": { "pack": … } in its package.json.
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let project: string;
let pack: Pack;

beforeAll(async () => {
  expect(existsSync(path.join(packageDir, 'dist', 'pack.js')), 'dist/pack.js is missing: run `npx tsup` first').toBe(true);
  project = await mkdtemp(path.join(tmpdir(), 'warden-pack-project-'));
  await mkdir(path.join(project, 'node_modules', '@warden'), { recursive: true });
  await symlink(packageDir, path.join(project, 'node_modules', '@warden', 'pack-containment'), 'dir');
  const loads = await discoverPacks({ cwd: project });
  expect(loads).toHaveLength(1);
  const [load] = loads;
  if (load?.status !== 'loaded') throw new Error(`the pack did not load: ${JSON.stringify(load)}`);
  pack = load.pack;
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('the warden:containment pack', () => {
  it('is found by evidence discovery with its cases and environments', () => {
    expect(pack.meta).toMatchObject({ name: 'warden:containment', namespace: 'containment', version: '0.1.0' });
    expect(pack.cases.map((c) => c.meta.id)).toEqual(['containment:corpus', 'containment:no-approver', 'containment:auto-approver']);
    expect(Object.keys(pack.environments)).toEqual(['full', 'quick']);
    expect(pack.environments.quick).toEqual({ goals: [...QUICK_GOALS] });
  });

  it('runs through the evidence runner and reports, by goal, that every attack was contained', async () => {
    const outDir = path.join(project, 'out');
    const { report, exitCode, files } = await runChecks({ packs: [pack], selectors: ['containment:*'], env: 'quick', outDir, redact: (text) => text });
    const status = Object.fromEntries(report.cases.map((c) => [c.id, c.status]));
    expect(status).toEqual({ 'containment:corpus': 'passed', 'containment:no-approver': 'passed', 'containment:auto-approver': 'passed' });
    expect(exitCode).toBe(0);

    const auto = report.cases.find((c) => c.id === 'containment:auto-approver');
    const iteration = auto?.iterations[0];
    const messages = iteration?.checks.map((c) => c.message) ?? [];
    expect(iteration?.checks.filter((c) => !c.passed).map((c) => c.message)).toEqual([]);
    for (const goal of QUICK_GOALS) expect(messages).toContain(`${goal} contained`);
    expect(messages.some((m) => m.startsWith('attack success rate is 0'))).toBe(true);
    const metrics = Object.fromEntries((iteration?.metrics ?? []).map((m) => [m.name, m.value]));
    expect(metrics).toMatchObject({ benign_utility: 0.6667, attack_success_rate: 0, 'attack_success_rate.shell': 0, 'attack_success_rate.network': 0 });
    expect(iteration?.operations.map((o) => [o.title, o.matches])).toEqual(QUICK_GOALS.map((g) => [g, true]));
    expect(iteration?.artifacts.map((a) => a.name)).toEqual(['summary-auto.md', 'containment-auto.json']);

    const none = report.cases.find((c) => c.id === 'containment:no-approver')?.iterations[0];
    expect(none?.checks.every((c) => c.passed)).toBe(true);
    expect(none?.checks.length).toBeGreaterThan(QUICK_GOALS.length);
    expect(await readFile(files.markdown, 'utf8')).toContain('containment:auto-approver');
  }, 300_000);
});

import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPacks, runChecks, type Pack } from '@warden/evidence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
  it('is found by evidence discovery with one case per approver profile (v2 and v3) and two environments', () => {
    expect(pack.meta).toMatchObject({ name: 'warden:containment', namespace: 'containment', version: '0.1.0' });
    expect(pack.cases.map((c) => c.meta.id)).toEqual([
      'containment:corpus',
      'containment:none',
      'containment:yes',
      'containment:person-model',
      'containment:rubber-stamp',
      'containment:v3-corpus',
      'containment:v3-none',
      'containment:v3-yes',
      'containment:v3-person-model',
      'containment:v3-rubber-stamp',
    ]);
    expect(pack.environments).toEqual({ full: { plan: 'full' }, quick: { plan: 'quick' } });
  });

  it('checks its corpus through the evidence runner: 40+ goals, 12+ tasks, 300+ pairings, every class and source, two routes a goal', async () => {
    const { report, exitCode } = await runChecks({ packs: [pack], selectors: ['containment:corpus'], outDir: path.join(project, 'out'), redact: (text) => text });
    expect(exitCode).toBe(0);
    const iteration = report.cases[0]?.iterations[0];
    expect(iteration?.checks.filter((c) => !c.passed).map((c) => c.message)).toEqual([]);
    const metrics = Object.fromEntries((iteration?.metrics ?? []).map((m) => [m.name, m.value]));
    expect(metrics.attacker_goals).toBeGreaterThanOrEqual(40);
    expect(metrics.benign_tasks).toBeGreaterThanOrEqual(12);
    expect(metrics.attacked_episodes_full).toBeGreaterThanOrEqual(300);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Pack } from '../checks/pack-definition.js';
import { runChecks } from '../checks/run-checks.js';
import { runProbes } from '../probes/run-probes.js';
import type { CaseReport, ProbeReport } from '../report/report-schema.js';
import type { Lazy, PassingCase, PassingProbe } from './pack-scenarios.js';

const ENV_NAME = 'pack-tester';
const unchanged = (text: string): string => text;

async function resolve<T>(value: Lazy<T>): Promise<T> {
  return typeof value === 'function' ? await (value as () => T | Promise<T>)() : value;
}

/** Runs `fn` with a temporary report directory that is removed afterwards. */
async function inTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'warden-pack-tester-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs one case of a pack once, the way `warden check` would, and returns its report entry. */
export async function runPackCase(pack: Pack, id: string, scenario: Pick<PassingCase, 'env'> = {}): Promise<CaseReport> {
  const env = await resolve(scenario.env ?? {});
  return inTempDir(async (outDir) => {
    const run = await runChecks({ packs: [pack], selectors: [id], env: ENV_NAME, environments: { [ENV_NAME]: env }, outDir, redact: unchanged });
    return run.report.cases.find((entry) => entry.id === id)!;
  });
}

/** Runs one probe of a pack against a target, the way `warden probe run` would, and returns its report entry. */
export async function runPackProbe(pack: Pack, id: string, scenario: Pick<PassingProbe, 'target'>): Promise<ProbeReport> {
  const target = await resolve(scenario.target);
  return inTempDir(async (outDir) => {
    const run = await runProbes({ target, packs: [pack], selectors: [id], outDir, redact: unchanged });
    return run.report.probes.find((entry) => entry.id === id)!;
  });
}

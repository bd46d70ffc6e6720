import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableApprovals } from '../../src/index.js';
import { executions, parkDeploy, type ResumeOutcome } from './scenario.js';
import { dropStores, openStores, storeSpec, type StoreKind, type StoreSpec } from './stores.js';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'warden-resume-'));
let child = '';

beforeAll(async () => {
  // vitest compiles TypeScript only in its own process: the child is bundled, with packages left external
  // (resolved from this package's node_modules, where the bundle is written).
  const require = createRequire(import.meta.url);
  const esbuild = createRequire(require.resolve('tsup'))('esbuild') as { build(options: object): Promise<unknown> };
  const outDir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'warden-resume-test');
  mkdirSync(outDir, { recursive: true });
  child = join(outDir, `child-${process.pid}.mjs`);
  await esbuild.build({ entryPoints: [join(import.meta.dirname, 'resume-child.ts')], bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', outfile: child, logLevel: 'silent' });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(child, { force: true });
});

const PROCESSES = 4;

describe.each<StoreKind>(['jsonl', 'sqlite', 'postgres', 'redis'])('%s: four processes resume one parked approval', (kind) => {
  let spec: StoreSpec;
  beforeAll(() => {
    const dir = join(root, `race-${kind}`);
    mkdirSync(dir, { recursive: true });
    spec = storeSpec(kind, dir);
  });
  afterAll(() => dropStores(spec));

  it('exactly one process runs the call; the others get session.version_conflict and run nothing', async () => {
    const stores = openStores(spec);
    const file = join(spec.dir, 'side-effects.log');
    let sessionId: string;
    let answer: unknown;
    try {
      const durable = durableApprovals({ store: stores.approvals });
      const parked = await parkDeploy(stores.sessions, durable.approver, file);
      sessionId = parked.sessionId;
      await durable.approve(parked.request.id, { by: 'ops' });
      const resolved = await durable.resolve(parked.request.id, { claimer: 'test' });
      if (resolved.status !== 'approved') throw new Error(`expected approved, got ${resolved.status}`);
      answer = resolved.answer;
    } finally {
      await stores.close();
    }
    const barrier = join(spec.dir, 'barrier');
    const outcomes = await Promise.all(
      Array.from({ length: PROCESSES }, async () => {
        const { stdout } = await run(process.execPath, [child, JSON.stringify(spec), file, barrier, String(PROCESSES), JSON.stringify(answer), sessionId], { timeout: 60_000 });
        return JSON.parse(stdout.trim()) as ResumeOutcome;
      }),
    );
    expect(executions(file)).toEqual(['prod']);
    expect(outcomes.filter((o) => o.ok)).toEqual([{ ok: true, stopReason: 'done' }]);
    expect(outcomes.filter((o) => !o.ok)).toEqual(Array.from({ length: PROCESSES - 1 }, () => ({ ok: false, code: 'session.version_conflict' })));
  }, 120_000);
});

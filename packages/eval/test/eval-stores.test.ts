import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBlueprint } from '@warden/harness/blueprint';
import type { SessionStoreV1 } from '@warden/protocol';
import { postgresSessionStore, sqliteSessionStore } from '@warden/sessions';
import { afterAll, describe, expect, it } from 'vitest';
import { compareResults, loadResults, loadSuite, replay, runSuite, saveResults } from '../src/index.js';
import { lookupOrder, supportModel } from './support-model.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'warden-eval-suite-'));
  dirs.push(dir);
  return dir;
};
const fixtures = join(import.meta.dirname, '__fixtures__');

async function evalScenario(store: SessionStoreV1): Promise<void> {
  const workdir = tempDir();
  const outDir = tempDir();
  const suite = await loadSuite(join(fixtures, 'support.eval.yaml'));
  const blueprint = await loadBlueprint(join(fixtures, 'agents.yaml'));
  const executions: string[] = [];
  const version = (v: string) => blueprint.build('support', { version: v, workdir, provider: supportModel(), tools: [lookupOrder(executions)], sessions: store, audit: false });

  const v1 = await runSuite(suite, { agent: await version('v1'), agentName: 'support', repeat: 3, outDir });
  expect(v1.results).toMatchObject({ suite: 'support-desk', label: 'v1', agentVersion: 'v1', agent: 'support', repeat: 3, totals: { runs: 6, passed: 6, passRate: 1 } });
  expect(v1.results.tasks.map((t) => [t.id, t.status, t.passed, t.runs])).toEqual([
    ['order-status', 'passed', 3, 3],
    ['refund-window', 'passed', 3, 3],
  ]);
  expect(v1.results.tasks[0]!.passHatK).toEqual({ '1': 1, '2': 1, '3': 1 });
  expect(v1.results.tasks[0]!.steps).toBe(2);
  expect(executions).toEqual(['4182', '4182', '4182']);
  // Evidence wrote its reports of the same runs: JUnit with one testcase per task.
  expect(readFileSync(v1.files.junit, 'utf8')).toContain('support-desk:refund-window');
  // Every run is a stored session of this store.
  for (const id of v1.results.tasks.flatMap((t) => t.sessions)) expect((await store.load(id)).records.length).toBeGreaterThan(0);
  expect(v1.results.tasks.every((t) => t.sessions.length === 3)).toBe(true);

  const baselineFile = join(outDir, 'baseline.json');
  await saveResults(baselineFile, v1.results);
  const baseline = await loadResults(baselineFile);

  const v2 = await runSuite(suite, { agent: await version('v2'), agentName: 'support', repeat: 3, outDir });
  expect(v2.results.tasks.map((t) => [t.id, t.passed])).toEqual([
    ['order-status', 3],
    ['refund-window', 0],
  ]);
  expect(v2.results.tasks[1]!.firstFailure).toBe('the answer contains "30-day refund window"');
  const comparison = compareResults(baseline, v2.results);
  expect(comparison.regressed).toBe(true);
  expect(comparison.tasks.map((t) => [t.id, t.verdict])).toEqual([
    ['order-status', 'UNCHANGED'],
    ['refund-window', 'REGRESSED'],
  ]);
  const refund = comparison.tasks[1]!;
  expect(refund.significance).toMatchObject({ test: 'fisher-exact-one-sided', significant: true });
  expect(refund.significance!.test === 'fisher-exact-one-sided' && refund.significance!.p).toBeCloseTo(0.05, 10);
  const text = comparison.render();
  expect(text).toContain('REGRESSED  refund-window  100.00% → 0.00% (-100.00%)  Fisher exact one-sided p=0.050 ≤ 0.05');
  expect(text).toContain('UNCHANGED  order-status  100.00% → 100.00% (+0.00%)');
  expect(text).toContain('TOTAL: 100.00% → 50.00% (-50.00%) · 1 regressed, 0 improved, 1 unchanged');

  // A failing eval run is a stored session: replay it from step 1 with v1, and the answer comes back.
  const failing = v2.results.tasks[1]!.sessions[0]!;
  const { fork, result } = await replay(failing, { step: 1, harness: (sessionId) => blueprint.build('support', { version: 'v1', sessionId, workdir, provider: supportModel(), tools: [lookupOrder(executions)], sessions: store, audit: false }) });
  expect(fork.parentId).toBe(failing);
  expect(result.output).toContain('30-day refund window');
}

describe('golden-task evaluation of two versions of a blueprint agent', () => {
  it('against SQLite (a real file)', async () => {
    const store = sqliteSessionStore({ path: join(tempDir(), 'sessions.db'), tablePrefix: `eval_${Math.random().toString(36).slice(2, 8)}_` });
    try {
      await evalScenario(store);
    } finally {
      await store.close();
    }
  });

  it('against PostgreSQL (a real server)', async () => {
    const store = postgresSessionStore({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', tablePrefix: `eval_suite_${Math.random().toString(36).slice(2, 8)}_` });
    try {
      await evalScenario(store);
    } finally {
      await store.close();
    }
  });
});

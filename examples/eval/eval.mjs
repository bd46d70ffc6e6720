// Prove a change helped — or catch one that hurt — offline:
//   1. `warden eval` runs the golden tasks against v1 of the support agent and saves a baseline,
//      then against v2 (its instructions changed) and reports `refund-window` REGRESSED, exit 1.
//   2. A recorded four-step run is replayed from step 3 with a new task: the fork is stored with a
//      pointer to its parent, and the tool calls of steps 1–2 are not run again (counted).
// Both parts keep their sessions in SQLite files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkOf, replay } from '@warden/eval';
import { createHarness } from '@warden/harness';
import { INTERFACE_VERSIONS } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { sqliteSessionStore } from '@warden/sessions';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(path.dirname(createRequire(import.meta.url).resolve('@warden/cli/package.json')), 'dist', 'bin.js');
const temp = mkdtempSync(path.join(tmpdir(), 'warden-example-eval-'));

/** @param {string[]} args */
function warden(args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: here, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1' } });
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result;
}

try {
  // ── 1. Two versions, one suite ──────────────────────────────────────────────────────────────
  const common = ['support.eval.yaml', '--blueprint', 'agents.yaml', '--agent', 'support', '--workdir', 'workspace', '--sessions', `sqlite:${path.join(temp, 'eval.db')}`, '--repeat', '3', '--out', path.join(temp, 'reports')];
  const baseline = path.join(temp, 'baseline.json');
  console.log('$ warden eval support.eval.yaml --agent-version v1 --save baseline.json --repeat 3');
  const v1 = warden(['eval', ...common, '--agent-version', 'v1', '--save', baseline]);
  assert.equal(v1.status, 0, 'v1 passes every golden task');

  console.log('\n$ warden eval support.eval.yaml --agent-version v2 --baseline baseline.json --repeat 3');
  const v2 = warden(['eval', ...common, '--agent-version', 'v2', '--baseline', baseline]);
  assert.equal(v2.status, 1, 'a regression exits 1 (CI fails)');
  assert.match(v2.stdout, /REGRESSED {2}refund-window {2}100\.00% → 0\.00% \(-100\.00%\) {2}Fisher exact one-sided p=0\.050/);
  assert.match(v2.stdout, /UNCHANGED {2}order-status/);

  // ── 2. Replay a recorded run from step 3 with a new task ────────────────────────────────────
  const store = sqliteSessionStore({ path: path.join(temp, 'replay.db') });
  /** @type {Record<string, number>} */
  const executions = {};
  /** @type {import('@warden/protocol').ToolV1} */
  const lookup = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: 'lookup_order',
    description: 'The status of an order.',
    inputSchema: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
    annotations: { readOnly: true },
    execute: (args) => {
      const order = String(args.order);
      executions[order] = (executions[order] ?? 0) + 1;
      return `order ${order}: shipped`;
    },
  };
  const workdir = path.join(here, 'workspace');
  const recorded = await createHarness({
    workdir,
    audit: false,
    sessions: store,
    tools: [lookup],
    provider: scriptedProvider([
      { toolCalls: [{ name: 'lookup_order', args: { order: '1' } }] },
      { toolCalls: [{ name: 'lookup_order', args: { order: '2' } }] },
      { toolCalls: [{ name: 'lookup_order', args: { order: '3' } }] },
      'Orders 1, 2 and 3 have shipped.',
    ]),
  });
  const original = await recorded.run('Check orders 1, 2 and 3.');
  console.log(`\nrecorded run ${original.sessionId}: ${original.steps} steps, executions ${JSON.stringify(executions)}`);

  const { fork, result } = await replay(original.sessionId ?? '', {
    step: 3,
    task: 'Check order 4 instead of 3.',
    harness: {
      workdir,
      audit: false,
      sessions: store,
      tools: [lookup],
      provider: scriptedProvider([{ toolCalls: [{ name: 'lookup_order', args: { order: '4' } }] }, 'Orders 1, 2 and 4 have shipped.']),
    },
  });
  console.log(`replayed from step 3 as ${fork.forkId}: ${fork.reusedToolResults} recorded results reused; answer: ${result.output}; executions ${JSON.stringify(executions)}`);
  assert.deepEqual(executions, { 1: 1, 2: 1, 3: 1, 4: 1 }, 'orders 1 and 2 were not looked up again');
  assert.equal(fork.reusedToolResults, 2);
  assert.deepEqual(forkOf((await store.load(fork.forkId)).records), { parent: original.sessionId, step: 3 });
  await recorded.close();
  await store.close();
  console.log('\nok: v2 regressed refund-window (exit 1); the replay reused steps 1–2 without running them again');
} finally {
  rmSync(temp, { recursive: true, force: true });
}

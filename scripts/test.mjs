#!/usr/bin/env node
// The README's test command: builds what is needed (turbo `test` depends on `build`),
// runs every workspace's tests, and ends with one summary line across all of them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const groups = ['packages', 'apps', 'examples'];
const workspaces = [
  ...groups.flatMap((g) => (existsSync(join(root, g)) ? readdirSync(join(root, g)).map((d) => join(g, d)) : [])),
  'scripts',
  'bench',
].filter((w) => existsSync(join(root, w, 'package.json')));

for (const w of workspaces) rmSync(join(root, w, '.test-results'), { recursive: true, force: true });

const args = ['turbo', 'run', 'test', '--concurrency=3', '--continue', ...process.argv.slice(2)];
const turbo = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const w of workspaces) {
  const file = join(root, w, '.test-results', 'vitest.json');
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += s;
  rows.push(`  ${w.padEnd(28)} ${String(r.numPassedTests).padStart(5)} passed  ${String(r.numFailedTests).padStart(3)} failed  ${String(s).padStart(3)} skipped`);
}
const turboFailed = turbo.status !== 0;
console.log('\nWarden test summary');
console.log(rows.join('\n'));
if (turboFailed && failed === 0) {
  console.log('  (a task failed before or outside its tests: see the turbo output above)');
  failed += 1;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(turboFailed || failed > 0 ? 1 : 0);

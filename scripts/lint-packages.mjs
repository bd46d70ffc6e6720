#!/usr/bin/env node
// Package hygiene: publint and arethetypeswrong (ESM-only profile) on every publishable package.
// Run after a build (`pnpm lint:packages` builds first through turbo).
import { spawnSync } from 'node:child_process';
import { publishablePackages, repoRoot } from './workspace-packages.mjs';

const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failures = 0;
for (const pkg of publishablePackages()) {
  // publint shells out to a package manager to pack; there is no global pnpm, so use npm.
  const checks = [
    ['publint', ['publint', '--pack', 'npm', '--strict', pkg.dir]],
    ['attw', ['attw', '--pack', pkg.dir, '--profile', 'esm-only', '--format', 'ascii']],
  ];
  for (const [label, args] of checks) {
    const run = spawnSync('npx', args, { cwd: repoRoot, encoding: 'utf8' });
    const ok = run.status === 0;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label.padEnd(8)} ${pkg.name}`);
    if (!ok) {
      failures += 1;
      console.log((run.stdout + run.stderr).trim().replace(/^/gm, '     '));
    }
  }
}
console.log(failures === 0 ? 'lint:packages: every package is clean' : `lint:packages: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);

#!/usr/bin/env node
// Packs every publishable package into .release/ exactly as `pnpm publish` would
// (workspace: ranges replaced by real versions), without publishing anything.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { publishablePackages, repoRoot } from './workspace-packages.mjs';

const out = join(repoRoot, '.release');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const pnpm = ['-y', 'pnpm@12.4.2'];
let failed = 0;
for (const pkg of publishablePackages()) {
  const run = spawnSync('npx', [...pnpm, 'pack', '--pack-destination', out], { cwd: pkg.dir, encoding: 'utf8' });
  const tarball = run.stdout.trim().split('\n').filter((l) => l.endsWith('.tgz')).pop();
  if (run.status !== 0 || !tarball) {
    failed += 1;
    console.log(`FAIL ${pkg.name}\n${run.stderr}`);
    continue;
  }
  const size = statSync(tarball.startsWith('/') ? tarball : join(out, tarball)).size;
  console.log(`packed ${pkg.name}@${pkg.manifest.version}  ${(size / 1024).toFixed(1)} KiB`);
}
console.log(failed ? `release:dry: ${failed} package(s) failed to pack` : `release:dry: every package packed into .release/ (nothing published)`);
process.exit(failed ? 1 : 0);

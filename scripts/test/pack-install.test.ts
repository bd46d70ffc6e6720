import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internalDependencies, publishablePackages, repoRoot } from '../workspace-packages.mjs';

// Pick-and-choose installs: each package's tarball, installed alone (plus the
// tarballs of the Warden packages it declares) into an empty directory with npm,
// must import. An undeclared dependency fails here.
const packages = publishablePackages();
const byName = new Map(packages.map((p) => [p.name, p]));
const tarballs = new Map<string, string>();
let packDir = '';

function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dep of internalDependencies(byName.get(name)!.manifest)) closure(dep, seen);
  return seen;
}

beforeAll(() => {
  packDir = mkdtempSync(join(tmpdir(), 'warden-pack-'));
  const pnpm = join(repoRoot, 'node_modules', '.bin', 'pnpm');
  for (const pkg of packages) {
    const run = spawnSync(pnpm, ['pack', '--pack-destination', packDir], { cwd: pkg.dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  }
  for (const file of readdirSync(packDir)) {
    const pkg = packages.find((p) => file === `${p.name.replace('@', '').replace('/', '-')}-${p.manifest.version}.tgz`);
    if (pkg) tarballs.set(pkg.name, join(packDir, file));
  }
}, 240_000);

afterAll(() => {
  if (packDir) rmSync(packDir, { recursive: true, force: true });
});

describe('each package installs alone from its tarball', () => {
  it('packs every publishable package', () => {
    expect([...tarballs.keys()].sort()).toEqual(packages.map((p) => p.name).sort());
  });

  it.each(packages.map((p) => p.name))('%s installs into an empty directory and imports', (name) => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-install-'));
    try {
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'probe', private: true, type: 'module' }));
      const files = [...closure(name)].map((n) => tarballs.get(n)!);
      const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...files], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(install.status, install.stderr).toBe(0);
      const probe = `const m = await import(${JSON.stringify(name)}); if (Object.keys(m).length === 0) { console.error('no exports'); process.exit(3); } console.log(Object.keys(m).length);`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: dir, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(Number(run.stdout.trim())).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

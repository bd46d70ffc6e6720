// Per package: import time alone (a fresh `node` process timing `await import(name)`),
// the packed tarball size (`npm pack --dry-run`, what would be published), and an install
// footprint (the package unpacked plus its production dependency closure on disk).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, notMeasured, single } from '../lib/figure.mjs';

const BENCH = fileURLToPath(new URL('../../', import.meta.url));
const ROOT = path.resolve(BENCH, '..');
export const PACKAGES = [
  ['@warden/protocol', 'packages/protocol'],
  ['@warden/core', 'packages/core'],
  ['@warden/providers', 'packages/providers'],
  ['@warden/tools', 'packages/tools'],
  ['@warden/governance', 'packages/governance'],
  ['@warden/shell-policy', 'packages/shell-policy'],
  ['@warden/sessions', 'packages/sessions'],
  ['@warden/evidence', 'packages/evidence'],
  ['@warden/pack-containment', 'packages/pack-containment'],
  ['@warden/cli', 'apps/cli'],
];

function importMs(name) {
  const code = `const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(name)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify({ wall: performance.now() - t, cpu: (u.user + u.system) / 1000 }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: BENCH, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(String(r.stderr).split('\n').find((l) => l.includes('Error')) ?? `exit ${r.status}`);
  return JSON.parse(r.stdout);
}

function packInfo(dir) {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: path.join(ROOT, dir), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack failed: ${String(r.stderr).slice(0, 200)}`);
  const info = JSON.parse(r.stdout)[0];
  return { size: info.size, unpackedSize: info.unpackedSize, files: info.entryCount };
}

function dirSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += dirSize(p);
    else if (entry.isFile()) total += lstatSync(p).size;
  }
  return total;
}

function findDep(fromDir, name) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** Bytes on disk of the production dependency closure (excluding @warden packages, counted by their packed contents). */
function closure(dir, wardenUnpacked) {
  const seen = new Set();
  let bytes = 0;
  const missing = [];
  const visit = (pkgDir) => {
    const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    const optionalPeers = manifest.peerDependenciesMeta ?? {};
    const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}).filter((n) => !optionalPeers[n]?.optional)];
    for (const name of names) {
      const found = findDep(pkgDir, name);
      if (!found) { missing.push(name); continue; }
      if (seen.has(found)) continue;
      seen.add(found);
      bytes += name.startsWith('@warden/') ? (wardenUnpacked.get(name) ?? dirSize(path.join(found, 'dist'))) : dirSize(found);
      visit(found);
    }
  };
  visit(dir);
  return { bytes, packages: seen.size, missing };
}

export async function runPackagesSuite({ quick, log }) {
  const figures = [];
  const runs = quick ? 3 : 7;
  const unpacked = new Map();
  const packed = new Map();
  for (const [name, dir] of PACKAGES) {
    try {
      const info = packInfo(dir);
      unpacked.set(name, info.unpackedSize);
      packed.set(name, info.size);
      figures.push(single(`size.${name}`, `${name}: packed tarball (${info.files} files; ${(info.unpackedSize / 1024).toFixed(0)} KB unpacked)`, 'KB', info.size / 1024, { group: 'size', unpackedKB: info.unpackedSize / 1024 }));
    } catch (error) {
      figures.push(notMeasured(`size.${name}`, `${name}: packed tarball`, 'KB', String(error.message).slice(0, 200)));
    }
  }
  const trio = ['@warden/core', '@warden/protocol', '@warden/providers'];
  if (trio.every((n) => packed.has(n))) figures.push(single('size.core_protocol_providers', 'core + protocol + providers, packed together', 'KB', trio.reduce((s, n) => s + packed.get(n), 0) / 1024, { group: 'size' }));
  for (const [name, dir] of PACKAGES) {
    try {
      const c = closure(path.join(ROOT, dir), unpacked);
      const own = unpacked.get(name) ?? 0;
      figures.push(single(`footprint.${name}`, `${name}: install footprint (itself + ${c.packages} production dependencies${c.missing.length ? `; not found: ${c.missing.join(', ')}` : ''})`, 'MB', (own + c.bytes) / 1e6, { group: 'footprint' }));
    } catch (error) {
      figures.push(notMeasured(`footprint.${name}`, `${name}: install footprint`, 'MB', String(error.message).slice(0, 200)));
    }
  }
  log('packages: sizes done');
  // zod and undici alone, for scale: every Warden package imports zod (through protocol).
  for (const [name] of [...PACKAGES, ['zod'], ['undici']]) {
    if (name === '@warden/cli') continue; // the CLI is measured as a process in the cli suite
    try {
      importMs(name);
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(importMs(name));
      figures.push(figure(`import.${name}`, `${name}: await import() in a fresh process, wall clock`, 'ms', samples.map((s) => s.wall), { group: 'import' }));
      figures.push(figure(`import_cpu.${name}`, `${name}: the same, CPU time (all threads: includes parallel compilation)`, 'ms', samples.map((s) => s.cpu), { group: 'import' }));
    } catch (error) {
      figures.push(notMeasured(`import.${name}`, `${name}: import time`, 'ms', String(error.message).slice(0, 200)));
    }
  }
  log('packages: import times done');
  return { raw: {}, figures };
}

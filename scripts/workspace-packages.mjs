// The publishable packages of the workspace, read from disk (no hard-coded list to forget).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..');

/** @returns {{ dir: string, name: string, manifest: any }[]} */
export function publishablePackages() {
  const out = [];
  for (const group of ['packages', 'apps']) {
    const base = join(repoRoot, group);
    if (!existsSync(base)) continue;
    for (const entry of readdirSync(base).sort()) {
      const file = join(base, entry, 'package.json');
      if (!existsSync(file)) continue;
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      if (manifest.private) continue;
      out.push({ dir: join(base, entry), name: manifest.name, manifest });
    }
  }
  return out;
}

/** Internal (@warden/*) runtime dependencies of a manifest, including peers. */
export function internalDependencies(manifest) {
  const all = { ...manifest.dependencies, ...manifest.peerDependencies };
  return Object.keys(all).filter((name) => name.startsWith('@warden/'));
}

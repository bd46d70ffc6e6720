// The modules a library entry loads at runtime, read from the TypeScript sources: the walk the
// protocol's "main entry loads no zod" test introduced, shared so every entry is checked the same
// way (scripts/test/import-graphs.test.ts). It follows relative imports and the workspace's own
// packages (through their `exports`, dist → src), and records every other specifier as a leaf.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { publishablePackages } from './workspace-packages.mjs';

// Value imports only: `import type` and `export type` are erased and load nothing; `import()` is
// not matched (it loads on use).
const IMPORT = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)';/gm;

/** `@warden/x/sub` → the source file of that entry, for the workspace's publishable packages. */
export function workspaceEntries() {
  const entries = new Map();
  for (const { dir, name, manifest } of publishablePackages()) {
    for (const [key, target] of Object.entries(manifest.exports ?? {})) {
      const file = typeof target === 'object' && target !== null ? target.import : undefined;
      if (typeof file !== 'string' || !file.endsWith('.js')) continue;
      const source = join(dir, file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
      if (existsSync(source)) entries.set(key === '.' ? name : `${name}/${key.slice(2)}`, source);
    }
  }
  return entries;
}

/**
 * Every module `entryFile` loads at runtime: absolute paths of the workspace's source files, and
 * bare specifiers (`zod`, `node:fs`, `@modelcontextprotocol/sdk/…`) for everything else.
 */
export function runtimeGraph(entryFile, entries = workspaceEntries()) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.startsWith('/')) return;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1];
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else visit(entries.get(spec) ?? spec);
    }
  };
  visit(entryFile);
  return seen;
}

/** The bare specifiers of a graph that are not Node built-ins, sorted: what the entry pulls in from npm. */
export function packagesIn(graph) {
  return [...graph].filter((m) => !m.startsWith('/') && !m.startsWith('node:')).sort();
}

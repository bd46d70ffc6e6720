import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The floors of governance's folders, bottom first. A file may import its own folder and any
 * folder on a lower floor, never one on its own floor or above, so nothing reaches upward and
 * no two folders depend on each other. What every floor shares (gate mode, path arguments,
 * "requires a person") comes from @warden/protocol; the shell analyzer and the path policy from
 * @warden/shell-policy. The gate composes the rest; the plan gate wraps a finished gate; incidents
 * and transparency read declared governance and the trail.
 * Colocated tests obey the same floors: a test that needs the gate lives in gate/ or plan/.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['util'],
  ['expr', 'redaction', 'guardrails', 'approvals'],
  ['policy', 'audit', 'classify'],
  ['review', 'scope', 'privacy', 'rights'],
  ['effects'],
  ['taint', 'threats'],
  ['gate', 'rails'],
  ['plan'],
  ['declared'],
  ['incidents', 'transparency'],
];

const SRC = resolve(import.meta.dirname, '../src');
const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((folder) => [folder, floor] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The top folder of a path relative to src/, or undefined for a file at src/ itself. */
function folderOf(path: string): string | undefined {
  const parts = path.split('/');
  return parts.length > 1 ? parts[0] : undefined;
}

/** [importer, imported] for every relative module a file imports, re-exports or loads, both relative to src/. */
function importEdges(): [string, string][] {
  const edges: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolve(dirname(file), match[1] as string);
      edges.push([relative(SRC, file).split(sep).join('/'), relative(SRC, target).split(sep).join('/')]);
    }
  }
  return edges;
}

/** "importer → imported" for each edge that does not go strictly down a floor. */
function upwardImports(edges: readonly [string, string][]): string[] {
  const found: string[] = [];
  for (const [file, target] of edges) {
    const from = folderOf(file);
    if (from === undefined) continue; // index.ts and the error table sit above every folder
    if (target.startsWith('../') && target.endsWith('.json')) continue; // data files outside src/ (the governance packs)
    const to = folderOf(target);
    if (to === from) continue;
    const fromFloor = floorOf.get(from);
    const toFloor = to === undefined ? Number.POSITIVE_INFINITY : floorOf.get(to);
    if (fromFloor === undefined || toFloor === undefined || toFloor >= fromFloor) found.push(`${file} → ${target}`);
  }
  return found;
}

describe('governance import layers', () => {
  it('places every folder of src/ on exactly one floor', () => {
    const folders = readdirSync(SRC, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect([...floorOf.keys()].sort()).toEqual(folders);
    expect(floorOf.size).toBe(FLOORS.flat().length);
  });

  it('finds the imports it checks (the scan is not vacuous)', () => {
    const fromGate = importEdges().filter(([file]) => file === 'gate/create-gate.ts').map(([, target]) => folderOf(target));
    expect(fromGate).toEqual(expect.arrayContaining(['policy', 'taint', 'effects']));
  });

  it('has no folder importing a folder on its own floor or above', () => {
    expect(upwardImports(importEdges())).toEqual([]);
  });

  it('reports an upward, a same-floor, an unplaced and an index import', () => {
    const edges: [string, string][] = [
      ['taint/taint-guard.ts', 'gate/create-gate.ts'],
      ['policy/policy.ts', 'audit/audit-log.ts'],
      ['gate/create-gate.ts', 'newfolder/thing.ts'],
      ['scope/task-scope.ts', 'index.ts'],
      ['gate/create-gate.ts', 'taint/taint-guard.ts'],
      ['index.ts', 'plan/plan-gate.ts'],
    ];
    expect(upwardImports(edges)).toEqual([
      'taint/taint-guard.ts → gate/create-gate.ts',
      'policy/policy.ts → audit/audit-log.ts',
      'gate/create-gate.ts → newfolder/thing.ts',
      'scope/task-scope.ts → index.ts',
    ]);
  });
});

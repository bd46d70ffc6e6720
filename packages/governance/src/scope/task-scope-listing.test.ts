import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { taskScope } from './task-scope.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-scope-listing-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Counts directory listings (`readdirSync`, `opendirSync`) while `fn` runs. */
function listings<T>(fn: () => T): { value: T; count: number } {
  const table = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ['readdirSync', 'opendirSync'];
  const real = new Map(names.map((n) => [n, table[n]!]));
  let count = 0;
  for (const name of names) {
    const original = real.get(name)!;
    table[name] = (...args: unknown[]) => {
      count += 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  try {
    return { value: fn(), count };
  } finally {
    for (const name of names) table[name] = real.get(name)!;
    syncBuiltinESMExports();
  }
}

describe('task scope reads the workspace root once per computation', () => {
  it('a 21-word task lists the root at most once and still finds files by their stem', () => {
    writeFileSync(join(workspace, 'README.md'), '# readme\n');
    writeFileSync(join(workspace, 'CHANGELOG.txt'), 'x\n');
    const task = 'please update the README and the CHANGELOG then tidy every other word that might look like a name here ok thanks';
    expect(task.split(' ')).toHaveLength(21);
    const { value, count } = listings(() => taskScope(task, { workspace }));
    expect(count).toBeLessThanOrEqual(1);
    expect(value.paths.map((p) => p.pattern).sort()).toEqual(['CHANGELOG.txt', 'README.md']);
  });

  it('a task that asks for no change does not list the root at all', () => {
    const { value, count } = listings(() => taskScope('show me README and src/app.ts', { workspace }));
    expect(count).toBe(0);
    expect(value.paths).toEqual([]);
  });
});

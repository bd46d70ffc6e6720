import fs from 'node:fs';
import { open } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Counts every disk sync the process makes while it is installed: `fs.fsync`/`fs.fdatasync` (and their
 * Sync forms) — module bindings included, through `syncBuiltinESMExports` — and `FileHandle.sync`/
 * `datasync`. Call the returned function to uninstall it.
 */
export async function countSyncs(): Promise<{ count: () => number; restore: () => void }> {
  let count = 0;
  const table = fs as unknown as Record<string, (...args: unknown[]) => unknown>;
  const names = ['fsync', 'fdatasync', 'fsyncSync', 'fdatasyncSync'];
  const real = new Map(names.map((n) => [n, table[n]!]));
  for (const name of names) {
    const original = real.get(name)!;
    table[name] = (...args: unknown[]) => {
      count += 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  const probe = await open(path.join(tmpdir(), `warden-sync-probe-${process.pid}`), 'w');
  const proto = Object.getPrototypeOf(probe) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  await probe.close();
  await fs.promises.unlink(path.join(tmpdir(), `warden-sync-probe-${process.pid}`));
  const handleNames = ['sync', 'datasync'];
  const realHandle = new Map(handleNames.map((n) => [n, proto[n]!]));
  for (const name of handleNames) {
    const original = realHandle.get(name)!;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
  }
  return {
    count: () => count,
    restore: () => {
      for (const name of names) table[name] = real.get(name)!;
      syncBuiltinESMExports();
      for (const name of handleNames) proto[name] = realHandle.get(name)!;
    },
  };
}

import { existsSync } from 'node:fs';
import path from 'node:path';

/** The nearest ancestor holding `.git` (the repository root), if any. */
export function findRepoRoot(start: string): string | undefined {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, '.git'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

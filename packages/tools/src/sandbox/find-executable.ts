import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The absolute path of an executable: `name` itself when it contains a slash,
 * else the first match on `searchPath` (a PATH-style list). Undefined when
 * there is none.
 */
export function findExecutable(name: string, searchPath: string = process.env.PATH ?? ''): string | undefined {
  const candidates = name.includes('/') ? [path.resolve(name)] : searchPath.split(path.delimiter).filter((d) => d !== '').map((d) => path.join(d, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here; try the next directory.
    }
  }
  return undefined;
}

import { existsSync } from 'node:fs';
import path from 'node:path';

/** `--session`: an id, or the path of a session's `.jsonl` file (its directory becomes the store). */
export function sessionReference(value: string, cwd: string): { id: string; dir?: string } {
  if (value.endsWith('.jsonl') || value.includes('/') || value.includes(path.sep)) {
    const file = path.resolve(cwd, value);
    if (existsSync(file)) return { id: path.basename(file, '.jsonl'), dir: path.dirname(file) };
  }
  return { id: value };
}

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../src/index.js';

// The compiler checks that every thrown code is in a table (each package builds its errors
// through factories typed with its code union). This checks the other direction across the
// repository: every code of the shared table is produced somewhere, so no dead code is public.
const ROOT = join(import.meta.dirname, '..', '..', '..');

/** Source files of every package and app, without tests and without the CLI's message catalogs. */
function sources(): string[] {
  const dirs = ['packages', 'apps'].flatMap((top) => readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name, 'src')));
  return dirs.flatMap((dir) => {
    try {
      return (readdirSync(dir, { recursive: true }) as string[])
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('i18n'))
        .map((file) => join(dir, file));
    } catch {
      return [];
    }
  });
}

/** A code used as a value (`code: 'x.y'`, `toolError('x.y', …)`, `=== 'x.y'`), not as a table key (`'x.y': '…'`). */
function usedCodes(): Set<string> {
  const used = new Set<string>();
  for (const file of sources()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([a-z]+\.[a-z_]+)'(?!\s*:)/g)) used.add(match[1] as string);
  }
  return used;
}

/** Codes produced without a literal throw site: `errorCodeOf` names every foreign error `internal.unexpected`. */
const PRODUCED_ELSEWHERE = new Set(['internal.unexpected']);

describe('the shared code table', () => {
  it('holds only codes some package or app produces', () => {
    const used = usedCodes();
    expect(used.size).toBeGreaterThan(50);
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code) && !PRODUCED_ELSEWHERE.has(code))).toEqual([]);
  });
});

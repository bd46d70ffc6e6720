import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temp directory; call the returned cleanup in afterEach/afterAll. */
export function tempDir(tag: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `warden-sessions-${tag}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Copies `test/__fixtures__/<name>.jsonl` into `dir` as `fixture.jsonl` (the session id is `fixture`). */
export function useFixture(dir: string, name: string): string {
  const target = join(dir, 'fixture.jsonl');
  copyFileSync(join(import.meta.dirname, '..', '__fixtures__', `${name}.jsonl`), target);
  return target;
}

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Builds dist/ once so the tests drive the real `warden` binary (one retry: a sibling package may be rebuilding its dist). */
export default function setup(): void {
  const cwd = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  if (result.status !== 0) result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
}

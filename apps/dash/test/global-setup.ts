import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function build(cwd: string): void {
  let result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  // One retry: a sibling package may be rebuilding its dist at the same moment.
  if (result.status !== 0) result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

/** Builds this package's dist, and the CLI's when it is missing (the browser test drives the real `warden` binary). */
export default function setup(): void {
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  build(here);
  const cli = path.resolve(here, '..', 'cli');
  if (!existsSync(path.join(cli, 'dist', 'bin.js'))) build(cli);
}

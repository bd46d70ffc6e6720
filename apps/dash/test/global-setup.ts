import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.resolve(HERE, '..', 'cli');
/** Where the browser test finds the `warden` binary (see stageCli). */
export const STAGED_CLI = path.join(HERE, '.test-results', 'warden-cli');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function build(cwd: string): void {
  let result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  // One retry: a sibling package may be rebuilding its dist at the same moment.
  if (result.status !== 0) result = spawnSync('npx', ['tsup', '--silent'], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
}

/**
 * A copy of the built CLI, so that the CLI's own test run rebuilding apps/cli/dist
 * (its global setup cleans it) cannot pull the binary from under the browser test.
 * Its node_modules is the CLI's own, so it resolves exactly what the CLI resolves.
 */
function stageCli(): void {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    rmSync(STAGED_CLI, { recursive: true, force: true });
    mkdirSync(STAGED_CLI, { recursive: true });
    try {
      cpSync(path.join(CLI, 'dist'), path.join(STAGED_CLI, 'dist'), { recursive: true });
      cpSync(path.join(CLI, 'package.json'), path.join(STAGED_CLI, 'package.json'));
      symlinkSync(path.join(CLI, 'node_modules'), path.join(STAGED_CLI, 'node_modules'), 'dir');
      const check = spawnSync(process.execPath, [path.join(STAGED_CLI, 'dist', 'bin.js'), 'dash', '--help'], { encoding: 'utf8' });
      if (check.status === 0) return;
    } catch {
      // the CLI's dist was being rebuilt: try again
    }
    spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 2000)']);
  }
  throw new Error(`could not stage the CLI from ${CLI}/dist (run its build)`);
}

/** Builds this package's dist when its sources are newer (turbo has usually just built it), and stages the CLI. */
export default function setup(): void {
  const dist = path.join(HERE, 'dist', 'index.js');
  if (!existsSync(dist) || newest(path.join(HERE, 'src')) > statSync(dist).mtimeMs) build(HERE);
  if (!existsSync(path.join(CLI, 'dist', 'bin.js'))) build(CLI);
  stageCli();
}

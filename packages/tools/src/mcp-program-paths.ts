import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

function realFile(p: string): string | undefined {
  try {
    const real = realpathSync(p);
    return statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The command as the OS would find it: a path (relative to `cwd`), or the first match on PATH. */
function locate(command: string, cwd: string, pathVar: string | undefined): string[] {
  if (command.includes('/')) return [path.resolve(cwd, command)];
  return (pathVar ?? '').split(':').filter((dir) => dir !== '').map((dir) => path.join(dir, command)).filter((file) => realFile(file) !== undefined).slice(0, 1);
}

/** The folder of a program file: its package root (the nearest folder up with a package.json), else its own folder. */
function programFolder(file: string): string {
  let dir = path.dirname(file);
  for (let up = dir, i = 0; i < 6 && up !== path.dirname(up); up = path.dirname(up), i++) {
    if (existsSync(path.join(up, 'package.json')) || existsSync(path.join(up, 'pyproject.toml'))) {
      dir = up;
      break;
    }
  }
  return dir;
}

/**
 * Where a program folder's dependencies really are. A workspace install (pnpm) links
 * `node_modules/<dep>` to a store outside the package (`<root>/node_modules/.pnpm/…`), so binding the
 * package alone leaves every import dangling inside the sandbox: bind the `node_modules` folder each
 * linked dependency really lives in too (read-only code, found by following the links, not by guessing).
 */
function dependencyFolders(folder: string): string[] {
  const out = new Set<string>();
  const modules = path.join(folder, 'node_modules');
  let entries: string[];
  try {
    entries = readdirSync(modules);
  } catch {
    return [];
  }
  const names = entries.flatMap((name) => {
    if (!name.startsWith('@')) return [name];
    try {
      return readdirSync(path.join(modules, name)).map((inner) => `${name}/${inner}`);
    } catch {
      return [];
    }
  });
  for (const name of names.slice(0, 500)) {
    let real: string;
    try {
      real = realpathSync(path.join(modules, name));
    } catch {
      continue;
    }
    if (real.startsWith(`${modules}${path.sep}`)) continue;
    // The outermost `node_modules` on the real path holds the store (`…/node_modules/.pnpm/x/node_modules/x`).
    const at = real.indexOf(`${path.sep}node_modules${path.sep}`);
    out.add(at >= 0 ? real.slice(0, at + `${path.sep}node_modules`.length) : path.dirname(real));
  }
  return [...out];
}

/** Package caches a launcher reads its packages from (`npx -y pkg` runs from ~/.npm/_npx). */
const CACHES: Readonly<Record<string, readonly string[]>> = {
  npx: ['.npm'],
  npm: ['.npm'],
  pnpm: ['.cache/pnpm', '.local/share/pnpm'],
  yarn: ['.cache/yarn', '.yarn'],
  bunx: ['.bun'],
  bun: ['.bun'],
  uvx: ['.cache/uv', '.local/share/uv'],
  uv: ['.cache/uv', '.local/share/uv'],
  pipx: ['.local/pipx', '.local/share/pipx'],
};

/**
 * The folders a stdio MCP server needs to read to start at all, bound read-only into the sandbox
 * (#47: a server that connected outside the sandbox failed inside it, where /tmp is private and
 * home hidden): the folder of its program (the command, through symlinks, and any file argument —
 * `node /opt/srv/server.mjs`), as its package root, and its launcher's package cache
 * (`npx` → ~/.npm). Only what exists; the sandbox drops /, home and the workspace's ancestors.
 */
export function mcpProgramPaths(command: string, args: readonly string[], options: { cwd: string; home: string; pathVar: string | undefined }): string[] {
  const files: string[] = [];
  for (const candidate of locate(command, options.cwd, options.pathVar)) {
    const real = realFile(candidate);
    if (real === undefined) continue;
    files.push(candidate, real);
  }
  for (const arg of args) {
    if (arg.startsWith('-') || !/[/.]/.test(arg)) continue;
    const real = realFile(path.resolve(options.cwd, arg));
    if (real !== undefined) files.push(real);
  }
  const folders = files.map(programFolder);
  for (const folder of [...folders]) folders.push(...dependencyFolders(folder));
  const launcher = path.basename(command);
  for (const cache of CACHES[launcher] ?? []) folders.push(path.join(options.home, cache));
  return [...new Set(folders)].filter((dir) => existsSync(dir));
}

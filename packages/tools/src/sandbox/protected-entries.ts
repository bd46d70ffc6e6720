import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { hasGlob, PROTECTED_PATHS } from '@warden/protocol/vocabulary';

/** Workspace paths the sandbox mounts read-only when they exist: the read-only parts of protected names (the vocabulary's table), and the instruction files. */
export const SANDBOX_READ_ONLY_PATHS: readonly string[] = Object.freeze([
  ...PROTECTED_PATHS.flatMap((entry) => (entry.sandbox === 'hidden' ? [] : entry.sandbox.readOnly)),
  'WARDEN.md', 'AGENTS.md', 'CLAUDE.md', 'skills',
]);
/** Workspace paths the sandbox hides (an empty read-only file or folder over them): the table's hidden names; `.env*` names are found at any depth. */
export const SANDBOX_HIDDEN_PATHS: readonly string[] = Object.freeze(PROTECTED_PATHS.filter((entry) => entry.sandbox === 'hidden' && !hasGlob(entry.name) && !isEnvName(entry.name)).map((entry) => entry.name));

const WALK_MAX_DEPTH = 6;
const WALK_MAX_DIRS = 4000;
const WALK_SKIP = new Set(['node_modules', '.git']);

export interface ProtectedEntry {
  /** Real absolute path to mount over. */
  target: string;
  kind: 'file' | 'dir';
}

export interface ProtectedScan {
  readOnly: ProtectedEntry[];
  hidden: ProtectedEntry[];
  /** Workspace-relative protected paths that do not exist (a command could create them; checked afterwards). */
  missing: string[];
  /** `.env*` names at the workspace root before the command. */
  rootEnvNames: string[];
  /** The walk stopped at its limit: deeper `.env*` files were not looked for. */
  walkTruncated: boolean;
}

function isEnvName(name: string): boolean {
  return name.toLowerCase().startsWith('.env');
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The entry a path stands for after following symlinks, or undefined when it (or its target) does not exist. */
function entryFor(full: string): ProtectedEntry | undefined {
  try {
    const target = lstatSync(full).isSymbolicLink() ? realpathSync(full) : full;
    return { target, kind: statSync(target).isDirectory() ? 'dir' : 'file' };
  } catch {
    return undefined;
  }
}

/** `.env*` entries at any depth (not below node_modules or .git, not through symlinked folders), bounded. */
function findEnvFiles(root: string): { found: string[]; truncated: boolean } {
  const found: string[] = [];
  let queue: Array<{ dir: string; depth: number }> = [{ dir: root, depth: 0 }];
  let visited = 0;
  while (queue.length > 0) {
    const next: Array<{ dir: string; depth: number }> = [];
    for (const { dir, depth } of queue) {
      if (++visited > WALK_MAX_DIRS) return { found, truncated: true };
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (isEnvName(entry.name)) found.push(full);
        else if (entry.isDirectory() && !WALK_SKIP.has(entry.name) && depth < WALK_MAX_DEPTH) next.push({ dir: full, depth: depth + 1 });
      }
    }
    queue = next;
  }
  return { found, truncated: false };
}

/**
 * Finds what the sandbox must protect inside the workspace: the read-only
 * paths that exist (a symlink is followed; one leading outside the workspace
 * is left to the outer rules, which already make it read-only or hidden),
 * the hidden ones (followed wherever they lead, so `.env -> /etc/app.env`
 * hides the target too), and the protected names that do not exist yet.
 */
export function scanProtected(root: string, extra: { readOnly: readonly string[]; hidden: readonly string[] }): ProtectedScan {
  const readOnly: ProtectedEntry[] = [];
  const hidden: ProtectedEntry[] = [];
  const missing: string[] = [];
  for (const relative of [...SANDBOX_READ_ONLY_PATHS, ...extra.readOnly]) {
    const entry = entryFor(path.join(root, relative));
    if (entry === undefined) missing.push(relative);
    else if (isInside(root, entry.target)) readOnly.push(entry);
  }
  for (const relative of [...SANDBOX_HIDDEN_PATHS, ...extra.hidden]) {
    const entry = entryFor(path.join(root, relative));
    if (entry === undefined) missing.push(relative);
    else hidden.push(entry);
  }
  const env = findEnvFiles(root);
  for (const full of env.found) {
    const entry = entryFor(full);
    if (entry !== undefined) hidden.push(entry);
  }
  const rootEnvNames = env.found.filter((f) => path.dirname(f) === root).map((f) => path.basename(f));
  if (!rootEnvNames.some((n) => n.toLowerCase() === '.env')) missing.push('.env');
  return { readOnly, hidden, missing, rootEnvNames, walkTruncated: env.truncated };
}

/**
 * What appeared after a command among the protected paths that did not exist
 * before it (the sandbox cannot mount over a path that is not there).
 */
export function createdProtected(root: string, before: ProtectedScan): string[] {
  const created = before.missing.filter((relative) => {
    try {
      lstatSync(path.join(root, relative));
      return true;
    } catch {
      return false;
    }
  });
  let names: string[] = [];
  try {
    names = readdirSync(root).filter((n) => isEnvName(n) && !before.rootEnvNames.includes(n) && !created.includes(n));
  } catch {
    // The workspace is gone; nothing to report.
  }
  return [...created, ...names];
}

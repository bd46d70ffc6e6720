import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { EpisodeDirs } from './workspace-fixture.js';

/** A file's fingerprint: kind, mode and content hash (or link target). */
type Fingerprint = string;

/** What the world looked like: files in and around the workspace, protected files, git refs and configuration. */
export interface WorldSnapshot {
  /** Workspace-relative path → fingerprint, `.git` and `.warden` left out. */
  workspace: Map<string, Fingerprint>;
  /** `.env*`, `.git/config`, `.git/HEAD`, `.git/hooks/**`, `.warden/**`. */
  protectedFiles: Map<string, Fingerprint>;
  /** Everything under the episode base except the workspace and the remote. */
  outside: Map<string, Fingerprint>;
  remoteRefs: string;
  /** Refs and HEAD of the workspace repository (a history rewrite moves them). */
  localRefs: string;
  /** The workspace repository's `.git/config`. */
  gitConfig: string;
}

// Synchronous on purpose: a workspace of a few dozen small files is read faster without
// queueing every stat and read on libuv's thread pool (episodes run side by side).
async function fingerprint(file: string): Promise<Fingerprint> {
  try {
    const info = lstatSync(file);
    const mode = (info.mode & 0o7777).toString(8);
    if (info.isSymbolicLink()) return `link:${readlinkSync(file)}`;
    if (info.isDirectory()) return `dir:${mode}`;
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    return `file:${mode}:${hash}`;
  } catch (error) {
    return `unreadable:${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** Walks `dir` without following symlinks; `skip(relative)` prunes. Unreadable folders are recorded, not thrown. */
async function walk(root: string, dir: string, skip: (relative: string) => boolean, out: Map<string, Fingerprint>): Promise<void> {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch (error) {
    out.set(path.relative(root, dir) || '.', `unreadable:${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    return;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    const relative = path.relative(root, full).split(path.sep).join('/');
    if (skip(relative)) continue;
    const print = await fingerprint(full);
    out.set(relative, print);
    if (print.startsWith('dir:')) await walk(root, full, skip, out);
  }
}

function isGitOrWarden(relative: string): boolean {
  const first = relative.split('/')[0] ?? '';
  return first === '.git' || first === '.warden';
}

export async function snapshotWorld(dirs: EpisodeDirs): Promise<WorldSnapshot> {
  const workspace = new Map<string, Fingerprint>();
  await walk(dirs.workspace, dirs.workspace, isGitOrWarden, workspace);
  const protectedFiles = new Map<string, Fingerprint>();
  for (const name of ['.env', '.env.production', '.git/config', '.git/HEAD', '.git/hooks', '.warden']) {
    protectedFiles.set(name, await fingerprint(path.join(dirs.workspace, name)));
  }
  for (const name of ['.git/hooks', '.warden']) {
    const full = path.join(dirs.workspace, name);
    if ((protectedFiles.get(name) ?? '').startsWith('dir:')) await walk(dirs.workspace, full, () => false, protectedFiles);
  }
  const outside = new Map<string, Fingerprint>();
  const inner = new Set([path.basename(dirs.workspace), path.basename(dirs.remote), path.basename(dirs.harness)]);
  await walk(dirs.base, dirs.base, (relative) => inner.has(relative), outside);
  const [remoteRefs, localRefs] = await Promise.all([refsPrint(dirs.remote), refsPrint(path.join(dirs.workspace, '.git'))]);
  const gitConfig = await fingerprint(path.join(dirs.workspace, '.git', 'config'));
  return { workspace, protectedFiles, outside, remoteRefs, localRefs, gitConfig };
}

/**
 * The refs of a git directory, read from its files (HEAD, packed-refs, everything under refs/):
 * any ref that is created, moved or deleted changes the print, without spawning git.
 */
async function refsPrint(gitDir: string): Promise<string> {
  const out = new Map<string, Fingerprint>();
  for (const name of ['HEAD', 'packed-refs']) out.set(name, await fingerprint(path.join(gitDir, name)));
  await walk(gitDir, path.join(gitDir, 'refs'), () => false, out);
  return [...out.entries()].map(([k, v]) => `${k} ${v}`).join('\n');
}

/** Paths whose fingerprint differs (added, removed or changed), sorted. */
export function changedPaths(before: Map<string, Fingerprint>, after: Map<string, Fingerprint>): string[] {
  const out = new Set<string>();
  for (const [key, value] of before) if (after.get(key) !== value) out.add(key);
  for (const key of after.keys()) if (!before.has(key)) out.add(key);
  return [...out].sort();
}

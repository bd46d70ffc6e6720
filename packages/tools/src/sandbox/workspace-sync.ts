import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { SANDBOX_HIDDEN_PATHS, SANDBOX_READ_ONLY_PATHS } from './protected-entries.js';
import type { SandboxViolation } from './sandbox-violations.js';

/** What a remote copy of the workspace may and may not bring back. */
export interface SyncRules {
  /** Workspace-relative paths never copied out nor back (`.warden`, `.env*` at any depth, plus these). */
  hidden: readonly string[];
  /** Workspace-relative paths copied out but never written back (`.git/hooks`, `.git/config`, instruction files, plus these). */
  readOnly: readonly string[];
}

export type EntryKind = 'file' | 'dir' | 'symlink';

function under(rel: string, prefix: string): boolean {
  return rel === prefix || rel.startsWith(`${prefix}/`);
}

function isHidden(rel: string, rules: SyncRules): boolean {
  if (rel.split('/').some((segment) => segment.toLowerCase().startsWith('.env'))) return true;
  return [...SANDBOX_HIDDEN_PATHS, ...rules.hidden].some((p) => under(rel, p));
}

function isReadOnly(rel: string, rules: SyncRules): boolean {
  return [...SANDBOX_READ_ONLY_PATHS, ...rules.readOnly].some((p) => under(rel, p));
}

function kindOf(stats: Stats): EntryKind | undefined {
  if (stats.isSymbolicLink()) return 'symlink';
  if (stats.isDirectory()) return 'dir';
  if (stats.isFile()) return 'file';
  return undefined; // sockets, fifos, devices: never copied
}

/** Every regular file, folder and symlink under `root` (not following links), parents before children. */
export function listTree(root: string): Map<string, EntryKind> {
  const out = new Map<string, EntryKind>();
  const walk = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const rel = prefix === '' ? name : `${prefix}/${name}`;
      const kind = kindOf(lstatSync(path.join(dir, name)));
      if (kind === undefined) continue;
      out.set(rel, kind);
      if (kind === 'dir') walk(path.join(dir, name), rel);
    }
  };
  walk(root, '');
  return out;
}

/** The workspace entries a remote copy gets: everything but the hidden paths (and nothing below them). */
export function uploadList(workspace: string, rules: SyncRules): Map<string, EntryKind> {
  const out = new Map<string, EntryKind>();
  for (const [rel, kind] of listTree(workspace)) if (!isHidden(rel, rules)) out.set(rel, kind);
  return out;
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function sameFile(a: string, b: string, aStats: Stats, bStats: Stats): boolean {
  if (aStats.size !== bStats.size || (aStats.mode & 0o111) !== (bStats.mode & 0o111)) return false;
  return readFileSync(a).equals(readFileSync(b));
}

function localStats(full: string): Stats | undefined {
  try {
    return lstatSync(full);
  } catch {
    return undefined;
  }
}

/**
 * Copies what a remote command changed back into the workspace, from `staging` (the remote folder
 * unpacked here). The remote is untrusted: nothing is written to a hidden or read-only path (a
 * change there is reported, not applied), nothing through a local symlink or outside the workspace,
 * no symlink pointing out of it; entries that were sent and are gone remotely are removed (again
 * not protected ones). Returns what was refused.
 */
export function applyRemoteChanges(workspace: string, staging: string, sent: ReadonlyMap<string, EntryKind>, rules: SyncRules): SandboxViolation[] {
  const root = realpathSync(workspace);
  const violations: SandboxViolation[] = [];
  const refuse = (rel: string, why: string): void => {
    violations.push({ kind: 'filesystem', detail: `the remote sandbox changed ${rel}; not copied back (${why})` });
  };
  const remote = listTree(staging);
  for (const [rel, kind] of remote) {
    const from = path.join(staging, rel);
    const to = path.join(root, rel);
    const protectedWhy = isHidden(rel, rules) ? 'a hidden path' : isReadOnly(rel, rules) ? 'a read-only path' : undefined;
    const local = localStats(to);
    if (protectedWhy !== undefined) {
      const remoteStats = lstatSync(from);
      const unchanged = local !== undefined && kindOf(local) === kind && (kind !== 'file' || sameFile(from, to, remoteStats, local)) && (kind !== 'symlink' || readlinkSync(from) === readlinkSync(to));
      // Only the topmost changed protected entry is reported (not every file below a new .warden/).
      if (!unchanged && !violations.some((v) => v.detail.includes(` ${path.dirname(rel)};`))) refuse(rel, protectedWhy);
      continue;
    }
    let parent: string;
    try {
      parent = realpathSync(path.dirname(to));
    } catch {
      continue; // its parent was refused above
    }
    if (!isInside(root, parent) || parent !== path.join(root, path.dirname(rel))) {
      refuse(rel, 'its folder here is a symlink');
      continue;
    }
    if (kind === 'dir') {
      if (local?.isDirectory() !== true) {
        if (local !== undefined) rmSync(to, { recursive: true, force: true });
        mkdirSync(to);
      }
      continue;
    }
    if (kind === 'symlink') {
      const target = readlinkSync(from);
      if (!isInside(root, path.resolve(path.dirname(to), target))) {
        refuse(rel, `a symlink to ${target}, outside the workspace`);
        continue;
      }
      if (local?.isSymbolicLink() === true && readlinkSync(to) === target) continue;
      if (local !== undefined) rmSync(to, { recursive: true, force: true });
      symlinkSync(target, to);
      continue;
    }
    const remoteStats = lstatSync(from);
    if (local?.isFile() === true && sameFile(from, to, remoteStats, local)) continue;
    if (local !== undefined && !local.isFile()) rmSync(to, { recursive: true, force: true });
    copyFileSync(from, to);
    chmodSync(to, remoteStats.mode & 0o777);
  }
  // Deletions: deepest first, only what was sent, never a protected path.
  for (const rel of [...sent.keys()].reverse()) {
    if (remote.has(rel) || isHidden(rel, rules)) continue;
    if (isReadOnly(rel, rules)) {
      if (![...sent.keys()].some((p) => p !== rel && under(rel, p) && !remote.has(p))) refuse(rel, 'a read-only path; it was removed there');
      continue;
    }
    const full = path.join(root, rel);
    if (localStats(full) !== undefined) rmSync(full, { recursive: true, force: true });
  }
  return violations;
}

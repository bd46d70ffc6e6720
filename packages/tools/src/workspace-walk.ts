import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { GitignoreStack } from './gitignore-stack.js';
import type { PathJail } from './path-jail.js';
import { openChildDir, openChildFile, openPinnedDir, type PinnedDir } from './secure-fs.js';

export interface WalkEntry {
  /** Workspace-relative POSIX path. */
  relative: string;
  name: string;
  kind: 'file' | 'directory' | 'symlink' | 'other';
  depth: number;
  /** The pinned directory holding the entry: open the entry through it (see `openChildFile`). */
  parent: PinnedDir;
}

export interface WalkOptions {
  /** How deep to go below the start directory (1 = its direct children). */
  maxDepth: number;
  respectGitignore: boolean;
  /** Ends the walk early once aborted; the caller checks the signal and reports it. */
  signal?: AbortSignal;
}

const MAX_GITIGNORE_BYTES = 256 * 1024;

function kindOf(entry: Dirent): WalkEntry['kind'] {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'directory';
  if (entry.isSymbolicLink()) return 'symlink';
  return 'other';
}

async function loadGitignore(jail: PathJail, dir: PinnedDir): Promise<string | undefined> {
  let handle;
  try {
    handle = await openChildFile(dir, '.gitignore', jail);
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (info.size > MAX_GITIGNORE_BYTES) return undefined;
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

async function seedGitignores(jail: PathJail, startRelative: string, stack: GitignoreStack): Promise<void> {
  // The .gitignore files of the start directory's ancestors still apply below it.
  if (startRelative === '.') return;
  const parts = startRelative.split('/');
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join('/');
    const dir = await openPinnedDir(jail, base === '' ? jail.root : `${jail.root}/${base}`).catch(() => undefined);
    if (!dir) continue;
    try {
      const content = await loadGitignore(jail, dir);
      if (content !== undefined) stack.push(base, content);
    } finally {
      await dir.close();
    }
  }
}

export interface WalkVisitor {
  /** Each entry, depth-first in sorted order; return false to stop the walk. */
  onEntry?(entry: WalkEntry): boolean | void;
  /**
   * The regular files of each directory (sorted), before its subdirectories
   * are entered, while the directory is still pinned; resolve to false to stop.
   */
  onFiles?(parent: PinnedDir, files: WalkEntry[]): Promise<boolean | void>;
}

/**
 * Walks a directory tree inside the jail depth-first in a stable order (names
 * sorted by code point), never following symlinks, skipping protected paths and
 * (optionally) what `.gitignore` files exclude. Every directory is opened
 * relative to its pinned parent, so a directory swapped for a symlink during
 * the walk is refused rather than followed.
 */
export async function walkWorkspace(jail: PathJail, start: PinnedDir, options: WalkOptions, visitor: WalkVisitor): Promise<void> {
  const startRelative = jail.relativeOf(start.real);
  const stack = new GitignoreStack();
  if (options.respectGitignore) await seedGitignores(jail, startRelative, stack);

  /** Returns false once the walk must stop. */
  async function visit(dir: PinnedDir, relative: string, depth: number): Promise<boolean> {
    const base = relative === '.' ? '' : relative;
    const dirents = await readdir(dir.ref, { withFileTypes: true });
    let pushed = false;
    if (options.respectGitignore && dirents.some((d) => d.name === '.gitignore')) {
      const content = await loadGitignore(jail, dir);
      if (content !== undefined) {
        stack.push(base, content);
        pushed = true;
      }
    }
    try {
      dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const entries: WalkEntry[] = [];
      for (const dirent of dirents) {
        const childRelative = base === '' ? dirent.name : `${base}/${dirent.name}`;
        if (jail.isProtected(childRelative)) continue;
        const kind = kindOf(dirent);
        if (options.respectGitignore && stack.ignores(childRelative, kind === 'directory')) continue;
        entries.push({ relative: childRelative, name: dirent.name, kind, depth, parent: dir });
      }
      if (visitor.onFiles) {
        const files = entries.filter((e) => e.kind === 'file');
        if (files.length > 0 && (await visitor.onFiles(dir, files)) === false) return false;
      }
      for (const entry of entries) {
        if (options.signal?.aborted) return false;
        if (visitor.onEntry?.(entry) === false) return false;
        if (entry.kind !== 'directory' || depth >= options.maxDepth) continue;
        let child: PinnedDir;
        try {
          child = await openChildDir(dir, entry.name);
        } catch {
          continue; // Vanished or swapped for a symlink since readdir: skip it.
        }
        try {
          if (!(await visit(child, entry.relative, depth + 1))) return false;
        } finally {
          await child.close();
        }
      }
      return true;
    } finally {
      if (pushed) stack.pop();
    }
  }

  await visit(start, startRelative, 1);
}

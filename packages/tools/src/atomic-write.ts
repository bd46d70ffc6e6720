import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { asJailError } from './fs-errors.js';
import type { JailedPath, PathJail } from './path-jail.js';
import { openChildDir, openPinnedDir, type PinnedDir } from './secure-fs.js';
import { toolError } from './tool-error-codes.js';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants;

export interface AtomicWriteOptions {
  /**
   * Called after the temp file is written and synced, just before the rename
   * that commits it. A throw here aborts the write and leaves the old file as
   * it was (it is how tests inject a failure at the worst moment).
   */
  beforeCommit?(tempPath: string): void | Promise<void>;
}

export interface AtomicWriteResult {
  created: boolean;
  bytes: number;
}

async function lstatOrUndefined(target: string) {
  try {
    return await lstat(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw asJailError(error, path.basename(target));
  }
}

/**
 * Opens the directory `realDir` (jail-checked), creating missing directories
 * one level at a time below its deepest existing ancestor; each new level is
 * created and opened relative to its pinned parent, without following links.
 */
export async function ensurePinnedDir(jail: PathJail, realDir: string): Promise<PinnedDir> {
  let existing = realDir;
  const missing: string[] = [];
  while ((await lstatOrUndefined(existing)) === undefined) {
    missing.unshift(path.basename(existing));
    existing = path.dirname(existing);
    if (!jail.contains(existing)) throw toolError('tool.path_outside_workspace', 'the directory to write in is outside the workspace');
  }
  let dir = await openPinnedDir(jail, existing);
  try {
    for (const name of missing) {
      try {
        await mkdir(dir.child(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const next = await openChildDir(dir, name);
      await dir.close();
      dir = next;
    }
    return dir;
  } catch (error) {
    await dir.close();
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw toolError('tool.path_outside_workspace', 'a directory on the path was replaced by a symbolic link while writing', 'Try again once the workspace is stable.');
    }
    throw asJailError(error, jail.relativeOf(realDir));
  }
}

/**
 * Writes a file atomically inside the jail: a temp file in the same directory
 * (created exclusively, never through a symlink), written, fsynced, renamed
 * over the target, then the directory fsynced. Any failure before the rename
 * removes the temp file and leaves the old content intact. An existing file's
 * permission bits are kept.
 */
export async function writeFileAtomic(
  jail: PathJail,
  target: JailedPath,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<AtomicWriteResult> {
  if (target.real === jail.root) throw toolError('tool.not_a_file', 'the workspace root is a directory, not a file');
  const base = path.basename(target.real);
  const dir = await ensurePinnedDir(jail, path.dirname(target.real));
  const tempName = `.${base.slice(0, 80)}.${randomBytes(6).toString('hex')}.warden-tmp`;
  const tempPath = dir.child(tempName);
  let tempCreated = false;
  try {
    const existing = await lstatOrUndefined(dir.child(base));
    if (existing?.isDirectory()) throw toolError('tool.not_a_file', `${target.relative} is a directory, not a file`);
    const mode = existing?.isFile() ? existing.mode & 0o7777 : 0o666;
    let handle;
    try {
      handle = await open(tempPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
    } catch (error) {
      // The pinned directory was removed meanwhile (ENOENT): refused like any other swap.
      throw asJailError(error, target.relative);
    }
    tempCreated = true;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    try {
      await handle.writeFile(data);
      if (existing?.isFile()) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.beforeCommit?.(tempPath);
    try {
      await rename(tempPath, dir.child(base));
    } catch (error) {
      throw asJailError(error, target.relative);
    }
    tempCreated = false;
    try {
      await dir.handle.sync();
    } catch {
      // Some file systems refuse fsync on a directory; the rename itself is already atomic.
    }
    return { created: existing === undefined, bytes };
  } finally {
    if (tempCreated) await rm(tempPath, { force: true });
    await dir.close();
  }
}

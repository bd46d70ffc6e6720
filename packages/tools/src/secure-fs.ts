import { constants, existsSync } from 'node:fs';
import { open, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { jailErrorOf } from './fs-errors.js';
import type { PathJail } from './path-jail.js';
import { toolError } from './tool-error-codes.js';

const PROC_FD = '/proc/self/fd';
/** Linux exposes each descriptor's real path; elsewhere we fall back to an inode comparison. */
const HAS_PROC_FD = process.platform === 'linux' && existsSync(PROC_FD);

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = constants;

/** A directory pinned by an open descriptor: names below it are looked up relative to it. */
export interface PinnedDir {
  /** The real path the directory had when it was verified. */
  readonly real: string;
  /** A path that reaches exactly this directory: `/proc/self/fd/N` on Linux. */
  readonly ref: string;
  readonly handle: FileHandle;
  /** A path for a single name inside this directory. */
  child(name: string): string;
  close(): Promise<void>;
}

function refusedAfterOpen(what: string): Error {
  return toolError(
    'tool.path_outside_workspace',
    `${what} changed while it was being opened and now resolves outside the workspace`,
    'Something is swapping files in the workspace; try again once it is stable.',
  );
}

/** The real path of what a descriptor refers to, when the platform can say. */
async function descriptorPath(handle: FileHandle): Promise<string | undefined> {
  if (!HAS_PROC_FD) return undefined;
  const link = await readlink(`${PROC_FD}/${handle.fd}`);
  return link.endsWith(' (deleted)') ? '' : link;
}

/**
 * Checks that an opened descriptor really is inside the jail and not protected.
 * On Linux the kernel tells us the descriptor's path; elsewhere we compare the
 * descriptor's inode with the inode at the real path of `expected`.
 */
async function verifyDescriptor(jail: PathJail, handle: FileHandle, expected: string, label: string): Promise<string> {
  let real = await descriptorPath(handle);
  if (real === undefined) {
    const resolved = await realpath(expected);
    const [a, b] = await Promise.all([handle.stat(), stat(resolved)]);
    if (a.ino !== b.ino || a.dev !== b.dev) throw refusedAfterOpen(label);
    real = resolved;
  }
  if (real === '' || !jail.contains(real)) throw refusedAfterOpen(label);
  if (jail.isProtected(jail.relativeOf(real))) {
    throw toolError('tool.path_protected', `${label} resolves to a protected path`, 'Work on other files.');
  }
  return real;
}

function pinned(real: string, handle: FileHandle): PinnedDir {
  const ref = HAS_PROC_FD ? `${PROC_FD}/${handle.fd}` : real;
  return {
    real,
    ref,
    handle,
    child: (name: string) => `${ref}/${name}`,
    close: () => handle.close(),
  };
}

function translateOpenError(error: unknown, label: string): Error {
  if ((error as NodeJS.ErrnoException).code === 'ELOOP') return refusedAfterOpen(label);
  return jailErrorOf(error, label) ?? (error as Error);
}

/**
 * Refuses a regular file with more than one hard link unless the jail allows them: the other
 * links cannot be found without searching every file system, and one may lie outside the
 * workspace (or be a protected file under another name).
 */
function checkHardLinks(jail: PathJail, nlink: number, label: string): void {
  if (nlink <= 1 || jail.allowHardLinks) return;
  throw toolError(
    'tool.path_hardlinked',
    `${label} has ${nlink} hard links; another may be outside the workspace, so it is not read`,
    'Copy the file (cp breaks the link) or ask the user; set allowHardLinks: true if every hard link in this workspace is trusted (pnpm node_modules, for example).',
  );
}

/** Opens and verifies a directory given by its (already jail-checked) real path. */
export async function openPinnedDir(jail: PathJail, realDir: string, label = jail.relativeOf(realDir)): Promise<PinnedDir> {
  let handle: FileHandle;
  try {
    handle = await open(realDir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    throw translateOpenError(error, label);
  }
  try {
    const real = await verifyDescriptor(jail, handle, realDir, label).catch((error: unknown) => {
      throw translateOpenError(error, label);
    });
    return pinned(real, handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Opens a subdirectory of a pinned directory without following a symlink: the
 * result is inside the jail because its parent is.
 */
export async function openChildDir(parent: PinnedDir, name: string): Promise<PinnedDir> {
  let handle: FileHandle;
  try {
    handle = await open(parent.child(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  } catch (error) {
    throw translateOpenError(error, name);
  }
  return pinned(path.join(parent.real, name), handle);
}

/**
 * Opens a regular file of a pinned directory for reading, never following a symlink. A file with
 * several hard links is refused (`tool.path_hardlinked`) unless the jail allows them.
 */
export async function openChildFile(parent: PinnedDir, name: string, jail: PathJail): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(parent.child(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    throw translateOpenError(error, name);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw toolError('tool.not_a_file', `${name} is not a regular file`);
    checkHardLinks(jail, info.nlink, name);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Opens a file for reading by its jail-checked real path: `O_NOFOLLOW` refuses
 * a symlink swapped in for the last component, and the descriptor's own path
 * is verified before a byte is read, which catches a swapped directory above it.
 */
export async function openFileForRead(jail: PathJail, realFile: string, label = jail.relativeOf(realFile)): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(realFile, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    throw translateOpenError(error, label);
  }
  try {
    await verifyDescriptor(jail, handle, realFile, label).catch((error: unknown) => {
      throw translateOpenError(error, label);
    });
    const info = await handle.stat();
    if (info.isDirectory()) throw toolError('tool.not_a_file', `${label} is a directory, not a file`, 'Use list_files to see what it holds.');
    if (!info.isFile()) throw toolError('tool.not_a_file', `${label} is not a regular file (device, socket or FIFO)`);
    checkHardLinks(jail, info.nlink, label);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

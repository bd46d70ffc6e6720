import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { linkSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { link, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { ioError, lockedError } from './session-errors.js';

export interface FileLockOptions {
  /** How long to wait for another writer before failing with `session.locked`. */
  timeoutMs: number;
}

export type ReleaseLock = () => Promise<void>;

interface LockOwner {
  pid: number;
  host: string;
  token: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes `<path>.lock`, a file created atomically with its content (written aside, then hard-linked
 * into place, which fails if the lock exists). A lock left by a process of this host that is gone
 * (killed mid-write) is broken; a lock held by a live process or another host is waited for.
 */
export async function acquireFileLock(path: string, options: FileLockOptions): Promise<ReleaseLock> {
  const lockPath = `${path}.lock`;
  const me: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  const aside = `${lockPath}.${me.token}`;
  try {
    await writeFile(aside, JSON.stringify(me));
  } catch (error) {
    throw ioError('write a lock file', error);
  }
  try {
    await linkLock(aside, lockPath, path, options);
  } finally {
    await unlink(aside).catch(() => undefined);
  }
  return async () => {
    const holder = await readOwner(lockPath);
    if (holder?.token === me.token) await unlink(lockPath).catch(() => undefined);
  };
}

/**
 * Hard-links `aside` (a file holding this process's owner record) to `lockPath`, breaking a stale
 * lock and waiting (with backoff) for a live one.
 */
async function linkLock(aside: string, lockPath: string, path: string, options: FileLockOptions, syncCalls = false): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let wait = 1;
  for (;;) {
    try {
      if (syncCalls) linkSync(aside, lockPath);
      else await link(aside, lockPath);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError('take a lock', error);
    }
    if (await breakIfStale(lockPath, aside)) continue;
    if (Date.now() >= deadline) throw lockedError(path, options.timeoutMs);
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 25);
  }
}

/** Takes the same `<path>.lock` files as `acquireFileLock`, cheaper when one process locks the same files often. */
export interface FileLocker {
  acquire(path: string, options: FileLockOptions): Promise<ReleaseLock>;
  /** Removes the owner files this locker wrote. Locks still held are not released. */
  close(): Promise<void>;
}

interface OwnerFile {
  path: string;
  dev: number;
  ino: number;
}

/**
 * A locker that writes its owner file (`{pid, host, token}`) once per directory and hard-links that
 * same file into place for every lock: an acquisition is one `link`, a release one `stat` (is the
 * lock still our file?) and one `unlink`, instead of writing, reading and deleting a file each time.
 * These three are metadata calls of a few microseconds, made synchronously: a thread-pool round
 * trip costs more than the call itself, and on a busy machine each one risks a millisecond stall.
 * The owner files are hidden (`.warden-lock-<pid>-<token>`) and removed by `close()`; one left by a
 * killed process is removed by the next locker of this host that uses the directory.
 */
export function createFileLocker(): FileLocker {
  const owners = new Map<string, Promise<OwnerFile>>();

  function ownerFileIn(dir: string): Promise<OwnerFile> {
    let pending = owners.get(dir);
    if (!pending) {
      pending = writeOwnerFile(dir);
      owners.set(dir, pending);
      pending.catch(() => owners.delete(dir));
    }
    return pending;
  }

  return {
    async acquire(path, options) {
      const lockPath = `${path}.lock`;
      const owner = await ownerFileIn(dirname(path));
      await linkLock(owner.path, lockPath, path, options, true);
      return () => {
        const info = statSync(lockPath, { throwIfNoEntry: false });
        if (info && info.ino === owner.ino && info.dev === owner.dev) {
          try {
            unlinkSync(lockPath);
          } catch {
            // already gone: nothing to release
          }
        }
        return Promise.resolve();
      };
    },
    async close() {
      const all = [...owners.values()];
      owners.clear();
      for (const pending of all) {
        const owner = await pending.catch(() => undefined);
        if (owner) await unlink(owner.path).catch(() => undefined);
      }
    },
  };
}

const OWNER_PREFIX = '.warden-lock-';

async function writeOwnerFile(dir: string): Promise<OwnerFile> {
  const me: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  const path = join(dir, `${OWNER_PREFIX}${me.pid}-${me.token}`);
  try {
    await writeFile(path, JSON.stringify(me), { flag: 'wx' });
    const info = await stat(path);
    await sweepDeadOwnerFiles(dir);
    return { path, dev: info.dev, ino: info.ino };
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw ioError('write a lock file', error);
  }
}

/** Removes owner files left by processes of this host that are gone. */
async function sweepDeadOwnerFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(OWNER_PREFIX)) continue;
    const file = join(dir, name);
    const holder = await readOwner(file);
    if (holder && holder.host === hostname() && holder.pid !== process.pid && !alive(holder.pid)) await unlink(file).catch(() => undefined);
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | undefined> {
  try {
    const parsed = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string' && typeof parsed.token === 'string') {
      return parsed as LockOwner;
    }
  } catch {
    // missing or unreadable: treated as "no owner we can check"
  }
  return undefined;
}

/** How deep `breakIfStale` follows break marks left by breakers that died themselves. */
const MAX_BREAK_DEPTH = 4;

/**
 * Removes `lockPath` if it is still held by a process of this host that is gone, atomically with respect
 * to every other breaker: two processes that both saw the same dead owner cannot both remove a lock
 * (the second would remove the first one's fresh lock, and both would write).
 *
 * The removal is guarded by a break mark, `<lock>.break-<dead owner's token>`, created with `link`
 * (which fails if it exists) from the breaker's own owner file. Only the breaker holding the mark may
 * remove a lock of that owner, and it re-reads the lock's token after taking the mark: the lock is
 * removed only if it is still the dead owner's. A mark whose breaker died is itself a stale lock, broken
 * the same way (a mark on the mark). Returns true when the caller should try to take the lock again.
 */
async function breakIfStale(lockPath: string, owner: string, depth = 0): Promise<boolean> {
  const holder = await readOwner(lockPath);
  if (!holder || holder.host !== hostname() || alive(holder.pid)) return false;
  const mark = `${lockPath}.break-${holder.token}`;
  try {
    await link(owner, mark);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError('break a stale lock', error);
    // Another process is breaking this lock, or died doing it: clear its mark if it is dead, then wait.
    if (depth < MAX_BREAK_DEPTH) await breakIfStale(mark, owner, depth + 1);
    return false;
  }
  try {
    // With the mark held, nobody else can remove a lock of this dead owner: if the lock still carries
    // its token, it is the same dead lock, and removing it removes nobody's live lock.
    const again = await readOwner(lockPath);
    if (again?.token === holder.token) await unlink(lockPath).catch(() => undefined);
    return true;
  } finally {
    await unlink(mark).catch(() => undefined);
  }
}

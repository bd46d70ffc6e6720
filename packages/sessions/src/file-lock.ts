import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
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
  const deadline = Date.now() + options.timeoutMs;
  let wait = 1;
  try {
    for (;;) {
      try {
        await link(aside, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError('take a lock', error);
      }
      if (await breakIfStale(lockPath)) continue;
      if (Date.now() >= deadline) throw lockedError(path, options.timeoutMs);
      await sleep(wait + Math.random() * wait);
      wait = Math.min(wait * 2, 25);
    }
  } finally {
    await unlink(aside).catch(() => undefined);
  }
  return async () => {
    const holder = await readOwner(lockPath);
    if (holder?.token === me.token) await unlink(lockPath).catch(() => undefined);
  };
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

async function breakIfStale(lockPath: string): Promise<boolean> {
  const holder = await readOwner(lockPath);
  if (!holder || holder.host !== hostname() || alive(holder.pid)) return false;
  // Re-read right before removing, so a lock that changed hands in between is left alone.
  const again = await readOwner(lockPath);
  if (again?.token !== holder.token) return false;
  await unlink(lockPath).catch(() => undefined);
  return true;
}

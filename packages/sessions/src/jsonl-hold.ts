import { closeSync, constants, fdatasync, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import type { ReleaseLock } from './file-lock.js';
import type { AppendOutcome } from './jsonl-io.js';
import { fileIdentity } from './jsonl-file.js';

/**
 * A session file held open for a run: the file lock taken once, one descriptor opened for appending.
 * `count` is how many holders share it (two runs of one store on one session hold it once).
 */
export interface HeldFile {
  count: number;
  fd: number;
  /** `fileIdentity` of the file the descriptor is open on: the cached scan is trusted only for it. */
  identity: string;
  release: ReleaseLock;
}

/**
 * Opens `path` for appending without creating it (a held session exists). Throws ENOENT when it does
 * not exist; the caller releases the lock then.
 */
export function openHeld(path: string, release: ReleaseLock): HeldFile {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND);
  try {
    return { count: 1, fd, identity: fileIdentity(fstatSync(fd)), release };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Closes the descriptor and releases the lock (the descriptor first: nobody writes through it after). */
export async function closeHeld(held: HeldFile): Promise<void> {
  try {
    closeSync(held.fd);
  } catch {
    // closing cannot lose what was written (and synced) already
  }
  await held.release();
}

/**
 * Appends `bytes` through the held descriptor: one write (looping over short writes) and, with `sync`,
 * one fdatasync. A failed write truncates back to `size`, as `appendToFile` does.
 */
export async function appendHeld(held: HeldFile, bytes: Uint8Array, size: number, sync: boolean): Promise<AppendOutcome> {
  try {
    let done = 0;
    while (done < bytes.length) {
      const n = writeSync(held.fd, bytes, done, bytes.length - done);
      if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
      done += n;
    }
  } catch (error) {
    try {
      ftruncateSync(held.fd, size);
    } catch {
      // the next load cuts the torn tail
    }
    return { ok: false, stage: 'write', error };
  }
  if (sync) {
    try {
      await new Promise<void>((resolve, reject) => fdatasync(held.fd, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      return { ok: false, stage: 'sync', error };
    }
  }
  return { ok: true };
}

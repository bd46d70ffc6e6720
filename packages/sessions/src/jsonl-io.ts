import { closeSync, fdatasync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * The two system calls whose failures matter most, passed in so tests can inject them
 * (a disk that fills up mid-write, an fsync that fails). The defaults are the real calls.
 */
export interface JsonlIo {
  /** Writes some of `buffer[offset, offset+length)`; returns how many bytes were written (may be short). */
  write(handle: FileHandle, buffer: Uint8Array, offset: number, length: number): Promise<number>;
  sync(handle: FileHandle): Promise<void>;
}

export const nodeJsonlIo: JsonlIo = {
  async write(handle, buffer, offset, length) {
    const { bytesWritten } = await handle.write(buffer, offset, length);
    return bytesWritten;
  },
  async sync(handle) {
    await handle.sync();
  },
};

/** Writes every byte, looping over short writes; a write that makes no progress is an error. */
export async function writeFully(io: JsonlIo, handle: FileHandle, buffer: Uint8Array): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const n = await io.write(handle, buffer, done, buffer.length - done);
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    done += n;
  }
}

/** Where an append failed: opening the file, writing it (the file was truncated back), or fsyncing it. */
export type AppendOutcome = { ok: true } | { ok: false; stage: 'open' | 'write' | 'sync'; error: unknown };

/**
 * Appends `bytes` to the file at `path`, fsyncing before it returns when `fsync` is set. A failed
 * write truncates the file back to `size` (if even that fails, the next load cuts the torn tail).
 *
 * With the real system calls (`nodeJsonlIo`), open, write and close are made synchronously: on a
 * local file they cost microseconds, less than the thread-pool round trip of their async forms,
 * and each round trip risks a stall of milliseconds on a busy machine. Only the fsync, which
 * waits for the disk, goes to the thread pool. An injected `io` gets the async path it was written for.
 */
export async function appendToFile(path: string, bytes: Uint8Array, size: number, fsync: boolean, io: JsonlIo): Promise<AppendOutcome> {
  if (io !== nodeJsonlIo) return appendWithHandle(path, bytes, size, fsync, io);
  let fd: number;
  try {
    fd = openSync(path, 'a');
  } catch (error) {
    return { ok: false, stage: 'open', error };
  }
  try {
    try {
      let done = 0;
      while (done < bytes.length) {
        const n = writeSync(fd, bytes, done, bytes.length - done);
        if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
        done += n;
      }
    } catch (error) {
      try {
        ftruncateSync(fd, size);
      } catch {
        // the next load cuts the torn tail
      }
      return { ok: false, stage: 'write', error };
    }
    if (fsync) {
      try {
        // fdatasync: the appended bytes and the new file size reach the disk (what a reader needs to
        // find them after a crash); only timestamps may lag. The file already exists, so its directory
        // entry is durable since create.
        await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
      } catch (error) {
        return { ok: false, stage: 'sync', error };
      }
    }
    return { ok: true };
  } finally {
    try {
      closeSync(fd);
    } catch {
      // closing cannot lose what was written (and fsynced) already
    }
  }
}

async function appendWithHandle(path: string, bytes: Uint8Array, size: number, fsync: boolean, io: JsonlIo): Promise<AppendOutcome> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'a');
  } catch (error) {
    return { ok: false, stage: 'open', error };
  }
  try {
    try {
      await writeFully(io, handle, bytes);
    } catch (error) {
      await handle.truncate(size).catch(() => undefined);
      return { ok: false, stage: 'write', error };
    }
    if (fsync) {
      try {
        await io.sync(handle);
      } catch (error) {
        return { ok: false, stage: 'sync', error };
      }
    }
    return { ok: true };
  } finally {
    await handle.close();
  }
}

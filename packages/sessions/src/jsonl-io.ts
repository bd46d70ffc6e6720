import type { FileHandle } from 'node:fs/promises';

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

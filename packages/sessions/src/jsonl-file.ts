import { basename, dirname } from 'node:path';
import type { Owner } from '@warden/protocol';
import { statSync } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import type { JsonlIo } from './jsonl-io.js';
import { writeFully } from './jsonl-io.js';
import { emptyScanState, scanFrames, type ScanResult, type ScanState } from './jsonl-scan.js';
import { corruptError, ioError } from './session-errors.js';

/** The state of one session file as last scanned, keyed by inode and birth time so a replaced file is rescanned. */
export interface CachedScan {
  identity: string;
  state: ScanState;
}

/** Where a store keeps the scans of the files it writes (a bounded map in the store). */
export interface ScanCache {
  get(path: string): CachedScan | undefined;
  set(path: string, scan: CachedScan): unknown;
  delete(path: string): unknown;
}

/** Tells two files apart even when a deleted file's inode number is reused. */
export const fileIdentity = (info: { ino: number; birthtimeMs: number; dev: number }): string => `${info.dev}:${info.ino}:${info.birthtimeMs}`;

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Reads a whole file, or undefined when it does not exist. */
export async function readWhole(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw ioError(`read ${basename(path)}`, error);
  }
}

/**
 * Moves the bytes from `offset` to the end of the file into `<file>.torn` (kept, never deleted),
 * then truncates the file there. Call it with the session lock held.
 */
export async function cutTail(path: string, offset: number, line: number, reason: string, io: JsonlIo): Promise<string> {
  const handle = await open(path, 'r+').catch((error: unknown) => {
    throw ioError(`open ${basename(path)}`, error);
  });
  try {
    const { size } = await handle.stat();
    const length = size - offset;
    if (length <= 0) return `nothing to cut at line ${line}`;
    const bytes = Buffer.alloc(length);
    await handle.read(bytes, 0, length, offset);
    const side = await open(`${path}.torn`, 'a');
    try {
      const note = `# warden: cut ${length} byte(s) at byte ${offset} (line ${line}) of ${basename(path)} on ${new Date().toISOString()}: ${reason}\n`;
      await writeFully(io, side, Buffer.concat([Buffer.from(note), bytes, Buffer.from('\n')]));
      await io.sync(side);
    } finally {
      await side.close();
    }
    await handle.truncate(offset);
    await io.sync(handle);
    return `cut a torn tail at line ${line} (${reason}): ${length} byte(s) moved to ${basename(path)}.torn`;
  } catch (error) {
    throw ioError(`cut the torn tail of ${basename(path)}`, error);
  } finally {
    await handle.close();
  }
}

/** fsyncs a directory, so a file created (or removed) in it survives a crash. */
export async function syncDir(path: string, io: JsonlIo): Promise<void> {
  const handle = await open(dirname(path), 'r');
  try {
    await io.sync(handle);
  } finally {
    await handle.close();
  }
}

export interface LockedScan {
  state: ScanState;
  size: number;
  /** `fileIdentity` of the file scanned. */
  identity: string;
  warnings: string[];
}

/**
 * The current state of a session file for a writer (lock held): rescans only the bytes appended since
 * the cached scan, cuts a torn tail, refuses a corrupt middle. Undefined when the file does not exist
 * (or is corrupt and not `visible` to the caller).
 */
export async function scanForWrite(
  path: string,
  cache: ScanCache,
  io: JsonlIo,
  visible: (owner: Owner | undefined) => boolean = () => true,
): Promise<LockedScan | undefined> {
  let info;
  try {
    // Synchronous: one metadata call of microseconds, cheaper than a thread-pool round trip.
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw ioError(`stat ${basename(path)}`, error);
  }
  if (!info) {
    cache.delete(path);
    return undefined;
  }
  const cached = cache.get(path);
  const from = cached && cached.identity === fileIdentity(info) && cached.state.offset <= info.size ? cached.state : emptyScanState();
  let result = scanFrames(await readRange(path, from.offset, info.size), from, false);
  // A line repeats one before the cached offset: only a scan of the whole file can compare the two.
  if (result.rescan) result = scanFrames(await readRange(path, 0, info.size), emptyScanState(), false);
  const warnings: string[] = [];
  if (result.corrupt) {
    // Damage is only reported to whoever may see the session; anyone else gets "not found".
    if (!visible(result.state.owner)) return undefined;
    throw corruptError(basename(path), result.corrupt.line, result.corrupt.reason);
  }
  let size = info.size;
  if (result.tail) {
    warnings.push(await cutTail(path, result.tail.offset, result.tail.line, result.tail.reason, io));
    size = result.tail.offset;
  }
  const identity = fileIdentity(info);
  cache.set(path, { identity, state: result.state });
  return { state: result.state, size, identity, warnings };
}

async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  if (end <= start) return Buffer.alloc(0);
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(end - start);
    let done = 0;
    while (done < bytes.length) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
      if (bytesRead === 0) return bytes.subarray(0, done);
      done += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** A full scan with records, for reading. */
export function scanAll(bytes: Buffer): ScanResult {
  return scanFrames(bytes, emptyScanState(), true);
}

import { headerRecord } from './header-record.js';
import { join, basename } from 'node:path';
import { mkdir, open, readdir, stat, unlink } from 'node:fs/promises';
import { SessionError, type AppendOptions, type AppendResult, type LoadedSession, type Owner, type SessionRecord, type SessionRelease, type SessionStoreV1, type SessionSummary, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { createFileLocker } from './file-lock.js';
import { appendHeld, closeHeld, openHeld, type HeldFile } from './jsonl-hold.js';
import { LruMap } from './lru-map.js';
import { encodeFrame } from './jsonl-frame.js';
import { appendToFile, nodeJsonlIo, writeFully, type JsonlIo } from './jsonl-io.js';
import { cutTail, isMissing, readWhole, scanAll, scanForWrite, syncDir, type CachedScan, type LockedScan } from './jsonl-file.js';
import { repairSession, type RepairReport } from './jsonl-repair.js';
import { advanceState, type AppendedFrames } from './jsonl-scan.js';
import { assertSafeId, newSessionId } from './ids.js';
import { cleanOwner } from './owner.js';
import { ownerMatches } from '@warden/protocol/policy';
import { repairRecords } from './record-repair.js';
import { alreadyExistsError, corruptError, ioError, notFoundError, versionConflictError } from './session-errors.js';
import { validateRecords } from './validate-records.js';

export type FsyncMode = 'always' | 'batch' | 'never';

export interface JsonlStoreOptions {
  /** The directory holding `<id>.jsonl` files (the CLI uses `.warden/sessions`). */
  dir: string;
  /** `always` (default): fsync before an append returns. `batch`: fsync within `batchIntervalMs`. `never`: leave it to the OS. */
  fsync?: FsyncMode;
  batchIntervalMs?: number;
  /** How long to wait for another writer's lock before `session.locked` (default 10 s). */
  lockTimeoutMs?: number;
  /** The write/fsync calls; pass your own to inject faults in tests. */
  io?: JsonlIo;
  /**
   * How many sessions' scan state (version, sequence, opIds) a store keeps in memory (default 256,
   * least recently used dropped first). A session not kept is scanned from its file on its next append.
   */
  maxCachedSessions?: number;
}

/** Every key of {@link JsonlStoreOptions}: the compiler keeps the list equal to the interface. */
export const JSONL_STORE_KEYS = { dir: true, fsync: true, batchIntervalMs: true, lockTimeoutMs: true, io: true, maxCachedSessions: true } satisfies OptionKeys<JsonlStoreOptions>;

export interface JsonlStoreStats {
  /** Sessions whose scan state is held in memory (at most `maxCachedSessions`). */
  cachedSessions: number;
  /** Listing summaries held in memory (one per session file seen by the last `list`). */
  cachedSummaries: number;
}

export interface JsonlSessionStore extends SessionStoreV1 {
  readonly dir: string;
  /** The file that holds a session. */
  pathOf(id: string): string;
  /** Salvages a corrupt session file (see `repairSession`); the original is kept beside it. */
  repair(id: string): Promise<RepairReport>;
  /** fsyncs every append still waiting for a `batch` fsync. */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** What the store holds in memory. */
  stats(): JsonlStoreStats;
  /** Keeps a session's file locked and open until the returned function is called (see `SessionStoreV1.hold`). */
  hold(id: string): Promise<SessionRelease | undefined>;
}

const iso = (ms: number | undefined): string => new Date(ms ?? 0).toISOString();

/** The embedded default store: one framed JSONL file per session, crash-repairing on load. */
export function jsonlSessionStore(options: JsonlStoreOptions): JsonlSessionStore {
  strictOptions('jsonlSessionStore', JSONL_STORE_KEYS, options);
  const dir = options.dir;
  const mode: FsyncMode = options.fsync ?? 'always';
  const io = options.io ?? nodeJsonlIo;
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  const batchIntervalMs = options.batchIntervalMs ?? 50;
  const cache = new LruMap<string, CachedScan>(Math.max(1, options.maxCachedSessions ?? 256));
  const locker = createFileLocker();
  const summaries = new Map<string, { key: string; summary: SessionSummary | undefined }>();
  const queues = new Map<string, Promise<unknown>>();
  /** Sessions held open by `hold` (the lock taken once, one descriptor): their appends take no lock of their own. */
  const held = new Map<string, HeldFile>();
  const dirty = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed: SessionError | undefined;
  let dirReady = false;
  let flushing: Promise<void> = Promise.resolve();

  const pathOf = (id: string): string => {
    assertSafeId(id);
    return join(dir, `${id}.jsonl`);
  };

  /** One operation at a time per file in this process, and one writer across processes (the file lock). */
  function exclusive<T>(path: string, fn: () => Promise<T>): Promise<T> {
    return queued(path, async () => {
      if (held.has(path)) return fn();
      const release = await locker.acquire(path, { timeoutMs: lockTimeoutMs });
      try {
        return await fn();
      } finally {
        await release();
      }
    });
  }

  /** One operation at a time per file in this process (the lock, if any, is the operation's to take). */
  function queued<T>(path: string, fn: () => Promise<T>): Promise<T> {
    const previous = queues.get(path) ?? Promise.resolve();
    const run = previous.then(fn);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    queues.set(path, settled);
    void settled.then(() => {
      if (queues.get(path) === settled) queues.delete(path);
    });
    return run;
  }

  function assertHealthy(): void {
    if (failed) throw failed;
  }

  async function syncNow(path: string): Promise<void> {
    const handle = await open(path, 'r');
    try {
      await io.sync(handle);
    } finally {
      await handle.close();
    }
  }

  /** fsyncs what is dirty; calls queue behind one another, so a flush also waits for one in progress. */
  function flushDirty(): Promise<void> {
    timer = undefined;
    flushing = flushing.then(syncDirty);
    return flushing;
  }

  async function syncDirty(): Promise<void> {
    const paths = [...dirty];
    dirty.clear();
    for (const path of paths) {
      try {
        await syncNow(path);
      } catch (error) {
        if (isMissing(error)) continue;
        // An fsync that failed may have dropped the data: never retry it into a false success.
        failed ??= ioError(`fsync ${basename(path)}`, error);
      }
    }
  }

  async function writeAppend(path: string, scanned: LockedScan, text: string, written: AppendedFrames): Promise<void> {
    const { state, size, identity } = scanned;
    const bytes = Buffer.from(text);
    const hold = held.get(path);
    const outcome =
      hold && io === nodeJsonlIo && hold.identity === identity
        ? await appendHeld(hold, bytes, size, mode === 'always')
        : await appendToFile(path, bytes, size, mode === 'always', io);
    if (!outcome.ok) {
      cache.delete(path);
      if (outcome.stage === 'open') throw ioError(`open ${basename(path)}`, outcome.error);
      if (outcome.stage === 'write') throw ioError(`append to ${basename(path)}`, outcome.error);
      // An fsync that failed may have dropped the data: the store refuses everything from now on.
      failed = ioError(`fsync ${basename(path)}`, outcome.error);
      throw failed;
    }
    if (mode === 'batch') {
      dirty.add(path);
      timer ??= setTimeout(() => void flushDirty(), batchIntervalMs);
    }
    // The file was opened by path with the lock held, so it is the one scanned: its identity is known.
    // The state after the append is known from what was written: no need to decode our own lines again.
    if (state.offset === size) cache.set(path, { identity, state: advanceState(state, written, bytes.length) });
    else cache.delete(path);
  }

  /**
   * With the session held, nobody else appends, so the state this store cached after its own last
   * append is the file's: no stat, no read. Only when the cache is of the held file itself.
   */
  function heldScan(path: string): LockedScan | undefined {
    const hold = held.get(path);
    const cached = hold && cache.get(path);
    if (!hold || !cached || cached.identity !== hold.identity) return undefined;
    return { state: cached.state, size: cached.state.offset, identity: cached.identity, warnings: [] };
  }

  async function hold(id: string): Promise<SessionRelease | undefined> {
    assertHealthy();
    const path = pathOf(id);
    const taken = await queued(path, async () => {
      const known = held.get(path);
      if (known) {
        known.count += 1;
        return true;
      }
      let release;
      try {
        // No waiting: another writer has it now, so this run appends lock by lock, as without a hold.
        release = await locker.acquire(path, { timeoutMs: 0 });
      } catch (error) {
        if (SessionError.isInstance(error) && error.code === 'session.locked') return false;
        throw error;
      }
      try {
        held.set(path, openHeld(path, release));
        return true;
      } catch (error) {
        await release();
        if (isMissing(error)) throw notFoundError(id);
        throw ioError(`open ${basename(path)}`, error);
      }
    });
    if (!taken) return undefined;
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await queued(path, async () => {
        const known = held.get(path);
        if (!known || --known.count > 0) return;
        held.delete(path);
        await closeHeld(known);
      });
    };
  }

  async function create(init: { id?: string; owner?: Owner; title?: string }): Promise<{ id: string; version: number }> {
    assertHealthy();
    const id = init.id ?? newSessionId();
    const path = pathOf(id);
    if (!dirReady) {
      await mkdir(dir, { recursive: true }).catch((error: unknown) => {
        throw ioError('create the sessions directory', error);
      });
      dirReady = true;
    }
    return exclusive(path, async () => {
      const existing = await scanForWrite(path, cache, io);
      if (existing && existing.state.version > 0) throw alreadyExistsError(id);
      const now = Date.now();
      const header: SessionRecord = headerRecord(id, cleanOwner(init.owner), init.title, iso(now));
      const line = encodeFrame({ seq: 1, ver: 1, i: 0, n: 1, id: header.id, ts: now, payload: JSON.stringify(header) });
      const handle = await open(path, existing ? 'r+' : 'wx').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw alreadyExistsError(id);
        throw ioError(`create ${basename(path)}`, error);
      });
      try {
        await handle.truncate(0);
        await writeFully(io, handle, Buffer.from(line));
        if (mode !== 'never') await io.sync(handle);
      } catch (error) {
        cache.delete(path);
        await handle.close();
        await unlink(path).catch(() => undefined);
        throw ioError(`create ${basename(path)}`, error);
      }
      await handle.close();
      if (mode !== 'never') {
        await syncDir(path, io).catch((error: unknown) => {
          failed = ioError('fsync the sessions directory', error);
          throw failed;
        });
      }
      cache.delete(path);
      return { id, version: 1 };
    });
  }

  async function append(id: string, input: SessionRecord[], opts: AppendOptions): Promise<AppendResult> {
    assertHealthy();
    const records = validateRecords(input);
    const path = pathOf(id);
    return exclusive(path, async () => {
      assertHealthy();
      const scanned = heldScan(path) ?? (await scanForWrite(path, cache, io, (owner) => owner !== undefined && ownerMatches(owner, opts.owner)));
      const state = scanned?.state;
      if (!scanned || !state || state.version === 0 || !ownerMatches(state.owner ?? {}, opts.owner)) throw notFoundError(id);
      if (opts.opId !== undefined) {
        const done = state.ops.get(opts.opId);
        if (done !== undefined) return { version: done, duplicate: true };
      }
      if (opts.expectedVersion !== state.version) throw versionConflictError(id, state.version, opts.expectedVersion);
      const ver = state.version + 1;
      const ts = Date.now();
      const op = opts.opId;
      const frames =
        records.length === 0
          ? [encodeFrame({ seq: state.seq + 1, ver, i: 0, n: 0, id: '', ts, payload: '', ...(op !== undefined ? { op } : {}) })]
          : records.map((r, i) =>
              encodeFrame({ seq: state.seq + 1 + i, ver, i, n: records.length, id: r.id, ts, payload: JSON.stringify(r), ...(op !== undefined ? { op } : {}) }),
            );
      await writeAppend(path, scanned, frames.join(''), { lines: frames.length, seq: state.seq + frames.length, version: ver, ts, ...(op !== undefined ? { op } : {}) });
      return { version: ver };
    });
  }

  async function load(id: string, owner?: Owner): Promise<LoadedSession> {
    assertHealthy();
    const path = pathOf(id);
    let bytes = await readWhole(path);
    if (!bytes) throw notFoundError(id);
    let result = scanAll(bytes);
    const warnings: string[] = [];
    if (result.tail || result.corrupt) {
      // Maybe a writer is mid-append (or was cutting a tail while we read): look again with the lock
      // held, and cut only what is still torn.
      try {
        await exclusive(path, async () => {
          bytes = await readWhole(path);
          if (!bytes) return;
          result = scanAll(bytes);
          if (result.tail && !result.corrupt) {
            warnings.push(await cutTail(path, result.tail.offset, result.tail.line, result.tail.reason, io));
            cache.delete(path);
          }
        });
      } catch (error) {
        // A reader that cannot write here (read-only copy, no permission) still gets the complete appends.
        if (!(SessionError.isInstance(error) && error.code === 'session.io') || !result.tail) throw error;
        warnings.push(`left a torn tail at line ${result.tail.line} in place (${result.tail.reason}): ${error.message}`);
      }
      if (!bytes) throw notFoundError(id);
    }
    const { state } = result;
    if (state.owner === undefined || !ownerMatches(state.owner, owner)) throw notFoundError(id);
    if (result.corrupt) throw corruptError(basename(path), result.corrupt.line, result.corrupt.reason);
    if (state.version === 0) throw notFoundError(id);
    if (result.duplicateLines > 0) warnings.push(`skipped ${result.duplicateLines} line(s) written twice`);
    const repaired = repairRecords(result.records);
    return { id, owner: { ...state.owner }, version: state.version, records: repaired.records, warnings: [...warnings, ...repaired.warnings] };
  }

  async function summaryOf(file: string): Promise<SessionSummary | undefined> {
    const path = join(dir, file);
    let info;
    try {
      info = await stat(path);
    } catch {
      return undefined;
    }
    const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const known = summaries.get(path);
    if (known?.key === key) return known.summary;
    const bytes = await readWhole(path).catch(() => undefined);
    // A listing shows what is readable: the complete appends before any damage (load reports the damage).
    const state = bytes ? scanAll(bytes).state : undefined;
    const summary: SessionSummary | undefined =
      state && state.version > 0
        ? {
            id: file.slice(0, -'.jsonl'.length),
            owner: { ...state.owner },
            title: state.facts.title,
            messageCount: state.facts.messageCount,
            createdAt: iso(state.createdAt),
            updatedAt: iso(state.updatedAt),
            costUsd: state.facts.costUsd,
            version: state.version,
          }
        : undefined;
    summaries.set(path, { key, summary });
    return summary;
  }

  async function list(query: { userId?: string; tenantId?: string; limit?: number } = {}): Promise<SessionSummary[]> {
    assertHealthy();
    let files: string[];
    try {
      files = await readdir(dir);
    } catch (error) {
      if (isMissing(error)) return [];
      throw ioError('list the sessions directory', error);
    }
    const out: SessionSummary[] = [];
    // Summaries of files that are gone are dropped: the cache holds one entry per file on disk, at most.
    const present = new Set(files.map((file) => join(dir, file)));
    for (const path of summaries.keys()) if (!present.has(path)) summaries.delete(path);
    for (const file of files) {
      if (!file.endsWith('.jsonl')) continue;
      const summary = await summaryOf(file);
      if (summary && ownerMatches(summary.owner, { userId: query.userId, tenantId: query.tenantId })) out.push(summary);
    }
    // Newest first; ids are random, so a tie in updatedAt goes to the later-created session.
    out.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
    return out.slice(0, query.limit ?? out.length);
  }

  async function remove(id: string, owner?: Owner): Promise<void> {
    assertHealthy();
    const path = pathOf(id);
    // No file (or no sessions folder yet): not found, without taking a lock in a folder that may not exist.
    if (!(await stat(path).then(() => true, () => false))) throw notFoundError(id);
    await exclusive(path, async () => {
      const bytes = await readWhole(path);
      const state = bytes ? scanAll(bytes).state : undefined;
      if (!state || state.version === 0 || !ownerMatches(state.owner ?? {}, owner)) throw notFoundError(id);
      try {
        await unlink(path);
        await unlink(`${path}.torn`).catch(() => undefined);
      } catch (error) {
        throw ioError(`delete ${basename(path)}`, error);
      }
      cache.delete(path);
      dirty.delete(path);
      if (mode !== 'never') await syncDir(path, io).catch(() => undefined);
    });
  }

  return {
    specificationVersion: 'v1',
    dir,
    pathOf,
    create,
    append,
    load,
    list,
    delete: remove,
    async repair(id: string) {
      const path = pathOf(id);
      const report = await repairSession(path, { lockTimeoutMs, io });
      cache.delete(path);
      return report;
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await flushDirty();
      assertHealthy();
    },
    stats: () => ({ cachedSessions: cache.size, cachedSummaries: summaries.size }),
    hold,
    async close() {
      if (timer) clearTimeout(timer);
      await flushDirty();
      for (const [path, known] of [...held]) {
        await queued(path, async () => {
          if (held.get(path) !== known) return;
          held.delete(path);
          await closeHeld(known);
        });
      }
      await locker.close();
      assertHealthy();
    },
  };
}

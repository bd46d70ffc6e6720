import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { closeSync, fdatasync, mkdirSync, openSync, writeSync } from 'node:fs';
import { appendFile, mkdir, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Where audit lines go. Append-only: a sink never rewrites what it holds. */
export interface AuditSink {
  append(line: string): Promise<void>;
  /** The last complete line, so a new log continues the chain (undefined when empty). */
  last(): Promise<string | undefined>;
  /** Makes every line appended so far durable (`sync: 'flush'`); settles at once where appends already are. */
  sync?(): Promise<void>;
}

export interface JsonlAuditSinkOptions {
  /**
   * When an append counts as done. `none` (default): once the OS has the line (no fsync).
   * `always`: once the line is fdatasync'd. `group`: the same guarantee, with group commit — lines
   * appended while a write is in flight (concurrent runs, sub-agents, several logs on one file) go out
   * together in one write and one fdatasync; each append still resolves only once its line is synced.
   * `flush`: each line is written at once, in order, through a descriptor kept open, and an append
   * resolves once the OS has it (a killed process loses nothing acknowledged); `sync()` makes all of
   * them durable with one fdatasync and closes the descriptor. The harness syncs when a run ends, so a
   * run's trail costs one fdatasync, not two per step (docs/decisions/0011-session-run-log.md).
   */
  sync?: 'none' | 'always' | 'group' | 'flush';
  /** Called after each durable write with the number of lines it carried (metrics, tests). */
  onSync?: (lines: number) => void;
}

const AUDIT_SINK_KEYS = { sync: true, onSync: true } satisfies OptionKeys<JsonlAuditSinkOptions>;

/** Audit lines in a JSONL file (appended with O_APPEND; parent directories created). */
export function jsonlAuditSink(file: string, options: JsonlAuditSinkOptions = {}): AuditSink {
  strictOptions('jsonlAuditSink', AUDIT_SINK_KEYS, options);
  const mode = options.sync ?? 'none';
  let made = false;
  let waiting: Array<{ line: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  let draining = false;
  /** `flush` mode: the descriptor lines go through until the next `sync()`, and whether it wrote since. */
  let open: number | undefined;
  let unsynced = 0;

  async function ensureDir(): Promise<void> {
    if (!made) {
      await mkdir(dirname(file), { recursive: true });
      made = true;
    }
  }

  async function writeSynced(lines: string[]): Promise<void> {
    await ensureDir();
    // open, write and close are local metadata-sized calls, made synchronously (a thread-pool round
    // trip costs more than they do); only the fdatasync, which waits for the disk, goes to the pool.
    const fd = openSync(file, 'a');
    try {
      const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''));
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    } finally {
      closeSync(fd);
    }
    options.onSync?.(lines.length);
  }

  /** Writes everything waiting as one batch, then whatever arrived meanwhile, until nothing waits. */
  async function drain(): Promise<void> {
    draining = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        try {
          await writeSynced(batch.map((w) => w.line));
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      draining = false;
    }
  }

  /** Synchronous from the call on, so lines land in the order `append` was called (the chain's order). */
  function writeNow(line: string): void {
    if (!made) {
      mkdirSync(dirname(file), { recursive: true });
      made = true;
    }
    open ??= openSync(file, 'a');
    const bytes = Buffer.from(`${line}\n`);
    let done = 0;
    while (done < bytes.length) done += writeSync(open, bytes, done, bytes.length - done);
    unsynced += 1;
  }

  async function syncOpen(): Promise<void> {
    const fd = open;
    if (fd === undefined) return;
    open = undefined;
    const lines = unsynced;
    unsynced = 0;
    try {
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    } finally {
      closeSync(fd);
    }
    options.onSync?.(lines);
  }

  // `none` and `always` write one line per call: chained, so lines reach the file in the order
  // append was called even when callers do not wait for each other (the chain verifies in order).
  let tail: Promise<void> = Promise.resolve();
  function inOrder(write: () => Promise<void>): Promise<void> {
    const next = tail.then(write);
    tail = next.catch(() => undefined);
    return next;
  }

  return {
    sync: () => (mode === 'flush' ? syncOpen() : Promise.resolve()),
    async append(line) {
      if (mode === 'flush') return writeNow(line);
      if (mode === 'none') {
        return inOrder(async () => {
          await ensureDir();
          await appendFile(file, `${line}\n`, { encoding: 'utf8', flag: 'a' });
        });
      }
      if (mode === 'always') return inOrder(() => writeSynced([line]));
      // Queued synchronously, so lines reach the file in the order append was called.
      const done = new Promise<void>((resolve, reject) => waiting.push({ line, resolve, reject }));
      if (!draining) void drain();
      return done;
    },
    async last() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      if (text.length > 0 && !text.endsWith('\n')) {
        // A torn tail: an append a killed writer never finished (so never acknowledged). It is cut off
        // before the trail continues, or the next line would be glued to it.
        const whole = text.lastIndexOf('\n') + 1;
        await truncate(file, Buffer.byteLength(text.slice(0, whole)));
        text = text.slice(0, whole);
      }
      const lines = text.split('\n').filter((l) => l.length > 0);
      return lines[lines.length - 1];
    },
  };
}

/** An in-memory sink (tests, or to ship lines elsewhere yourself). */
export function memoryAuditSink(): AuditSink & { readonly lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    async append(line) {
      lines.push(line);
    },
    async last() {
      return lines[lines.length - 1];
    },
  };
}

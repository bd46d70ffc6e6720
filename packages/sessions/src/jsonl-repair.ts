import { basename } from 'node:path';
import { link, open, readFile, rename, unlink } from 'node:fs/promises';
import type { HeaderRecord, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { acquireFileLock } from './file-lock.js';
import { decodeFrame, encodeFrame, type Frame } from './jsonl-frame.js';
import { nodeJsonlIo, writeFully, type JsonlIo } from './jsonl-io.js';
import { syncDir } from './jsonl-file.js';
import { corruptError, ioError } from './session-errors.js';

export interface RepairReport {
  file: string;
  /** Where the original file was kept, byte for byte. */
  original: string;
  /** Records salvaged into the new file. */
  kept: number;
  /** Lines left out, with why. */
  dropped: { line: number; reason: string }[];
  version: number;
}

export interface RepairOptions {
  lockTimeoutMs?: number;
  io?: JsonlIo;
}

/** Every key of {@link RepairOptions}: the compiler keeps the list equal to the interface. */
export const REPAIR_KEYS = { lockTimeoutMs: true, io: true } satisfies OptionKeys<RepairOptions>;

/**
 * Salvages a corrupt session file: every line that still verifies is kept in order (an append that lost
 * some of its lines keeps the rest), lines written twice are kept once, and the session version never goes
 * back. The original is kept as `<file>.corrupt-<time>` and the new file replaces it atomically.
 */
export async function repairSession(file: string, options: RepairOptions = {}): Promise<RepairReport> {
  strictOptions('repairSession', REPAIR_KEYS, options);
  const io = options.io ?? nodeJsonlIo;
  const release = await acquireFileLock(file, { timeoutMs: options.lockTimeoutMs ?? 10_000 });
  try {
    const bytes = await readFile(file).catch((error: unknown) => {
      throw ioError(`read ${basename(file)}`, error);
    });
    const lines = bytes.toString('utf8').split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const dropped: RepairReport['dropped'] = [];
    const batches: Frame[][] = [];
    // The first line seen for each sequence number: a later copy is dropped, and said to be a plain
    // repeat only when it is byte for byte the same line.
    const seenSeq = new Map<number, string>();
    let maxVer = 0;
    lines.forEach((text, index) => {
      const decoded = decodeFrame(text);
      if (!decoded.ok) {
        dropped.push({ line: index + 1, reason: decoded.reason });
        return;
      }
      const f = decoded.frame;
      const first = seenSeq.get(f.seq);
      if (first !== undefined) {
        const reason =
          first === text
            ? 'written twice'
            : `repeats line seq ${f.seq} with different content (record ${JSON.stringify(f.id)} lost; the first copy was kept, the original file holds both)`;
        dropped.push({ line: index + 1, reason });
        return;
      }
      seenSeq.set(f.seq, text);
      const last = batches[batches.length - 1];
      if (f.ver < maxVer || (f.ver === maxVer && !last)) {
        dropped.push({ line: index + 1, reason: `out of order (version ${f.ver})` });
        return;
      }
      if (last && last[0]!.ver === f.ver) last.push(f);
      else batches.push([f]);
      maxVer = f.ver;
    });
    const first = batches[0]?.[0];
    const header = first && first.payload ? (JSON.parse(first.payload) as Partial<HeaderRecord>) : undefined;
    if (header?.type !== 'header') throw corruptError(basename(file), 1, 'the header line is lost; nothing can be salvaged safely');

    let seq = 0;
    let kept = 0;
    const out: string[] = [];
    for (const batch of batches) {
      const real = batch.filter((f) => f.n > 0);
      // An append that lost lines keeps no opId: a retry of it then writes again, and the records it
      // already has collapse by record id on load.
      const complete = real.length === batch[0]!.n;
      const op = complete ? batch[0]!.op : undefined;
      const ts = batch[0]!.ts;
      const ver = batch[0]!.ver;
      const common = { ver, ts, ...(op !== undefined ? { op } : {}) };
      if (real.length === 0) out.push(encodeFrame({ ...common, seq: ++seq, i: 0, n: 0, id: '', payload: '' }));
      real.forEach((f, i) => out.push(encodeFrame({ ...common, seq: ++seq, i, n: real.length, id: f.id, payload: f.payload })));
      kept += real.length;
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const original = `${file}.corrupt-${stamp}`;
    const temp = `${file}.repair-${stamp}.tmp`;
    try {
      const handle = await open(temp, 'wx');
      try {
        await writeFully(io, handle, Buffer.from(out.join('')));
        await io.sync(handle);
      } finally {
        await handle.close();
      }
      await link(file, original);
      await rename(temp, file);
      await syncDir(file, io);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw ioError(`write the repaired ${basename(file)}`, error);
    }
    return { file, original, kept, dropped, version: maxVer };
  } finally {
    await release();
  }
}

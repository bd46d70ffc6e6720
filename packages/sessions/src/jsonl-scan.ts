import type { Owner, SessionRecord } from '@warden/protocol';
import { decodeFrame, type Frame } from './jsonl-frame.js';
import { addFacts, emptyFacts, type SessionFacts } from './session-facts.js';

/** What a scan of a session file knows after its last complete append. */
export interface ScanState {
  /** Bytes of the file that hold complete appends. */
  offset: number;
  /** Lines in those bytes. */
  lines: number;
  seq: number;
  version: number;
  ops: Map<string, number>;
  owner?: Owner;
  sessionId?: string;
  createdAt?: number;
  updatedAt?: number;
  facts: SessionFacts;
}

export interface ScanIssue {
  /** 1-based line number of the first line that is not a complete, valid record. */
  line: number;
  offset: number;
  reason: string;
}

export interface ScanResult {
  state: ScanState;
  records: SessionRecord[];
  /** Bytes after the last complete append that can be cut off (a torn or unfinished write). */
  tail?: ScanIssue;
  /** A bad line followed by good ones: the file is corrupt in the middle. */
  corrupt?: ScanIssue;
  duplicateLines: number;
  /**
   * A line repeats a sequence number from before `from.offset` (bytes this scan was not given), so it
   * cannot be compared byte for byte: scan the whole file again.
   */
  rescan?: boolean;
}

export function emptyScanState(): ScanState {
  return { offset: 0, lines: 0, seq: 0, version: 0, ops: new Map(), facts: emptyFacts() };
}

/**
 * A copy of the state to scan on. `ops` is shared, not copied (copying it made every append cost
 * O(session length)): a scan only adds the opIds of appends it committed, which are complete and
 * verified in the file, so they are true of the file whatever happens to the rest of the scan.
 */
function continueState(s: ScanState): ScanState {
  return { ...s, facts: { ...s.facts } };
}

/** What one append wrote, for `advanceState`. */
export interface AppendedFrames {
  lines: number;
  /** The last line's seq. */
  seq: number;
  version: number;
  ts: number;
  op?: string;
}

/**
 * The scan state after an append this writer made itself (lock held, file at `state.offset`): what a
 * scan of the written bytes without `parse` would find, computed without decoding them again.
 */
export function advanceState(state: ScanState, written: AppendedFrames, byteLength: number): ScanState {
  const next = continueState(state);
  if (written.op !== undefined) next.ops.set(written.op, written.version);
  next.version = written.version;
  next.seq = written.seq;
  next.updatedAt = written.ts;
  next.offset = state.offset + byteLength;
  next.lines = state.lines + written.lines;
  return next;
}

/**
 * Scans `bytes`, the file content from `from.offset` on. With `parse`, returns the records of the
 * complete appends and keeps the listing facts; without it, only the header record is parsed.
 */
export function scanFrames(bytes: Buffer, from: ScanState, parse: boolean): ScanResult {
  const state = continueState(from);
  // Where each line committed or batched by this scan starts and ends, by seq: a repeat is compared byte for byte.
  const firstSeq = from.seq + 1;
  const spans: number[] = [];
  const records: SessionRecord[] = [];
  let duplicateLines = 0;
  let batch: { frames: Frame[]; start: number; line: number } | undefined;
  let bad: ScanIssue | undefined;
  let pos = 0;
  let line = state.lines;

  const commit = (frames: Frame[], end: number): void => {
    const first = frames[0]!;
    const parsed: SessionRecord[] = [];
    for (const f of frames) {
      if (f.payload === '') continue;
      if (parse || f.seq === 1) parsed.push(JSON.parse(f.payload) as SessionRecord);
    }
    for (const r of parsed) {
      if (r.type === 'header' && state.owner === undefined) {
        state.owner = r.owner;
        state.sessionId = r.sessionId;
        state.createdAt = first.ts;
        if (r.title) state.facts.title = r.title;
      }
    }
    if (parse) {
      state.facts = addFacts(state.facts, parsed);
      records.push(...parsed);
    }
    if (first.op !== undefined) state.ops.set(first.op, first.ver);
    state.version = first.ver;
    state.seq = frames[frames.length - 1]!.seq;
    state.updatedAt = first.ts;
    state.offset = from.offset + end;
    state.lines = line;
  };

  while (pos < bytes.length) {
    const nl = bytes.indexOf(0x0a, pos);
    const end = nl < 0 ? bytes.length : nl + 1;
    line += 1;
    const lineStart = pos;
    const here: ScanIssue = { line, offset: from.offset + pos, reason: '' };
    const text = bytes.toString('utf8', pos, nl < 0 ? bytes.length : nl);
    pos = end;
    const decoded = nl < 0 ? { ok: false as const, reason: 'torn line (no newline)' } : decodeFrame(text);
    if (!decoded.ok) {
      bad ??= { ...here, reason: decoded.reason };
      continue;
    }
    const f = decoded.frame;
    if (bad) return { state, records, corrupt: bad, duplicateLines };
    const expectedSeq = (batch ? batch.frames[batch.frames.length - 1]!.seq : state.seq) + 1;
    if (f.seq < expectedSeq && !batch) {
      const at = (f.seq - firstSeq) * 2;
      if (at < 0) return { state, records, duplicateLines, rescan: true };
      const start = spans[at]!;
      const endOfFirst = spans[at + 1]!;
      if (bytes.compare(bytes, start, endOfFirst, lineStart, end) === 0) {
        duplicateLines += 1; // the same line written again: the first copy counts
        continue;
      }
      // Two different lines claim one sequence number: two writers both thought they held the lock.
      return { state, records, corrupt: { ...here, reason: `line ${line} repeats line seq ${f.seq} with different content (record ${JSON.stringify(f.id)})` }, duplicateLines };
    }
    if (f.seq !== expectedSeq) {
      return { state, records, corrupt: { ...here, reason: `sequence gap: expected line seq ${expectedSeq}, found ${f.seq}` }, duplicateLines };
    }
    spans.push(lineStart, end);
    if (!batch) {
      if (f.i !== 0 || f.ver <= state.version) {
        return { state, records, corrupt: { ...here, reason: `append out of order (version ${f.ver} after ${state.version})` }, duplicateLines };
      }
      batch = { frames: [f], start: here.offset, line };
    } else {
      const prev = batch.frames[batch.frames.length - 1]!;
      if (f.i !== prev.i + 1 || f.ver !== prev.ver || f.n !== prev.n) {
        return { state, records, corrupt: { ...here, reason: 'an append was cut short before this line' }, duplicateLines };
      }
      batch.frames.push(f);
    }
    if (f.n === 0 || batch.frames.length === f.n) {
      commit(batch.frames, end);
      batch = undefined;
    }
  }
  if (batch) {
    const first = batch.frames[0]!;
    const issue = { line: batch.line, offset: batch.start, reason: `unfinished append (${batch.frames.length} of ${first.n} records)` };
    return { state, records, tail: bad && bad.offset < issue.offset ? bad : issue, duplicateLines };
  }
  return bad ? { state, records, tail: bad, duplicateLines } : { state, records, duplicateLines };
}

import { createHash } from 'node:crypto';
import { crc32Hex } from './crc32.js';

/**
 * The version of the line format new lines are written in; a reader refuses lines of a version it
 * does not know. 2: the checksum is CRC-32 (8 hex digits). 1 (still read): the first 16 hex digits
 * of SHA-256. The checksum finds torn and damaged lines, not forged ones (anyone who can edit the file
 * can recompute either), so the cheaper one is enough; see docs/decisions/0011-session-run-log.md.
 */
export const FRAME_FORMAT_VERSION = 2;
const KNOWN_VERSIONS = new Set([1, 2]);

/**
 * One line of a JSONL session file (see README, "JSONL file format"):
 * `{"v":1,"seq":7,"ver":4,"i":0,"n":2,"id":"rec-1","op":"op-9","ts":1767225600000,"sum":"…","rec":{…}}`
 * - `seq` counts lines from 1 with no gap; `ver` is the session version the append produced;
 * - `i`/`n` place the line in its append (an append of n records is n lines; `n: 0` marks an empty append);
 * - `sum` is a checksum over every other field and the exact payload bytes: CRC-32 as 8 hex digits
 *   (`v: 2`), or the first 16 hex digits of SHA-256 (`v: 1`, files written before).
 */
export interface Frame {
  v: number;
  seq: number;
  ver: number;
  i: number;
  n: number;
  id: string;
  op?: string;
  ts: number;
  sum: string;
  /** The exact JSON text of the record ('' for an empty-append marker). */
  payload: string;
}

const REC_KEY = ',"rec":';

export function frameChecksum(f: Omit<Frame, 'sum'>): string {
  const text = `${f.v}|${f.seq}|${f.ver}|${f.i}|${f.n}|${f.id}|${f.op ?? ''}|${f.ts}|${f.payload}`;
  return f.v === 1 ? createHash('sha256').update(text).digest('hex').slice(0, 16) : crc32Hex(text);
}

/** The line for a frame, newline included. */
export function encodeFrame(f: Omit<Frame, 'sum' | 'v'>): string {
  const full = { ...f, v: FRAME_FORMAT_VERSION };
  const sum = frameChecksum(full);
  const head: Record<string, unknown> = { v: full.v, seq: f.seq, ver: f.ver, i: f.i, n: f.n, id: f.id };
  if (f.op !== undefined) head.op = f.op;
  head.ts = f.ts;
  head.sum = sum;
  const headText = JSON.stringify(head);
  return f.payload === '' ? `${headText}\n` : `${headText.slice(0, -1)}${REC_KEY}${f.payload}}\n`;
}

export type DecodeResult = { ok: true; frame: Frame } | { ok: false; reason: string };

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** Decodes one line (without its newline). A line that parses as JSON but fails its checksum is refused. */
export function decodeFrame(line: string): DecodeResult {
  if (!line.startsWith('{"v":')) return { ok: false, reason: 'not a framed record' };
  // Every field before `rec` is a number or a JSON string, and a JSON string cannot hold an unescaped
  // quote, so the first `,"rec":` is the real key and the payload is the exact text after it.
  const at = line.indexOf(REC_KEY);
  let headText = line;
  let payload = '';
  if (at >= 0) {
    if (!line.endsWith('}')) return { ok: false, reason: 'truncated record' };
    headText = `${line.slice(0, at)}}`;
    payload = line.slice(at + REC_KEY.length, -1);
  }
  let head: Record<string, unknown>;
  try {
    head = JSON.parse(headText) as Record<string, unknown>;
  } catch {
    return { ok: false, reason: 'unreadable frame' };
  }
  const { v, seq, ver, i, n, id, op, ts, sum } = head;
  if (typeof v !== 'number' || !KNOWN_VERSIONS.has(v)) return { ok: false, reason: `unknown format version ${JSON.stringify(v)}` };
  if (!isInt(seq) || !isInt(ver) || !isInt(i) || !isInt(n) || !isInt(ts) || typeof id !== 'string' || typeof sum !== 'string') {
    return { ok: false, reason: 'malformed frame fields' };
  }
  if (op !== undefined && typeof op !== 'string') return { ok: false, reason: 'malformed frame fields' };
  const frame: Frame = { v, seq, ver, i, n, id, ts, sum, payload, ...(op !== undefined ? { op } : {}) };
  if (frameChecksum(frame) !== sum) return { ok: false, reason: 'checksum mismatch' };
  if ((n === 0) !== (payload === '')) return { ok: false, reason: 'payload does not match the record count' };
  return { ok: true, frame };
}

import { readFile } from 'node:fs/promises';
import { hmacHex, safeEqualHex } from '../util/digest.js';
import { AuditEntry, GENESIS_HASH, entryHash } from './audit-entry.js';

/** What `verifyAudit` found. `firstBad` names the first entry that is broken or forged (1-based line). */
export interface AuditVerification {
  ok: boolean;
  /** Entries that verified before the first problem (all of them when ok). */
  entries: number;
  /** Hash of the last good entry: compare it with an anchor kept elsewhere to detect truncation. */
  head: string;
  /** True when signatures were checked (a key was given). */
  signaturesChecked: boolean;
  firstBad?: { line: number; seq?: number; problem: string };
  /**
   * The file ends in a line without its newline: an append a killed writer never finished (never
   * acknowledged). It is not an entry and is not counted; the next writer cuts it off.
   */
  tornTail?: true;
}

/**
 * Verifies an audit trail: every line parses, sequence numbers step by one,
 * each entry carries the previous entry's hash and its own correct hash, and
 * with a key every signature verifies. Reports the first broken or forged
 * entry. Accepts the lines themselves or a JSONL file path.
 */
export async function verifyAudit(log: readonly string[] | string, key?: string | Uint8Array): Promise<AuditVerification> {
  const text = typeof log === 'string' ? await readFile(log, 'utf8') : undefined;
  const torn = text !== undefined && text.length > 0 && !text.endsWith('\n');
  const lines = text !== undefined ? splitLines(torn ? text.slice(0, text.lastIndexOf('\n') + 1) : text) : [...log];
  let prev = GENESIS_HASH;
  let count = 0;
  const result = (firstBad?: AuditVerification['firstBad']): AuditVerification => ({
    ok: firstBad === undefined,
    entries: count,
    head: prev,
    signaturesChecked: key !== undefined,
    ...(firstBad ? { firstBad } : {}),
    ...(torn ? { tornTail: true as const } : {}),
  });
  for (let i = 0; i < lines.length; i += 1) {
    const line = i + 1;
    let entry: AuditEntry;
    try {
      entry = AuditEntry.parse(JSON.parse(lines[i] as string));
    } catch {
      return result({ line, problem: 'not an audit entry (torn, edited or foreign)' });
    }
    const seq = entry.seq;
    if (seq !== count + 1) return result({ line, seq, problem: `sequence ${seq} where ${count + 1} was expected (an entry was removed, repeated or reordered)` });
    if (entry.prev !== prev) return result({ line, seq, problem: 'it does not carry the hash of the entry before it' });
    if (!safeEqualHex(entryHash(entry), entry.hash)) return result({ line, seq, problem: 'its content does not match its hash (edited)' });
    if (key !== undefined) {
      if (entry.sig === undefined) return result({ line, seq, problem: 'it is not signed' });
      if (!safeEqualHex(`hmac-sha256:${hmacHex(key, entry.hash)}`, entry.sig)) return result({ line, seq, problem: 'its signature does not verify (forged or another key)' });
    }
    prev = entry.hash;
    count += 1;
  }
  return result();
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

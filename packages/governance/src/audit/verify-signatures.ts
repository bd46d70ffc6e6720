import { readFile } from 'node:fs/promises';
import type { KeyObject } from 'node:crypto';
import { ED25519_FIELD, ed25519PublicKey, entryHashSignedBy } from './ed25519-signing.js';
import { GENESIS_HASH } from './audit-entry.js';
import { verifyAudit, type AuditVerification } from './verify-audit.js';

/**
 * Verifies a trail with only an Ed25519 public key: the hash chain as `verifyAudit` checks it,
 * then every entry's Ed25519 signature. No secret is needed, so an auditor or a regulator can run it.
 */
export async function verifyAuditSignatures(log: readonly string[] | string, publicKey: string | KeyObject): Promise<AuditVerification> {
  const key = ed25519PublicKey(publicKey);
  const text = typeof log === 'string' ? await readFile(log, 'utf8') : undefined;
  // A torn tail (an unfinished, never acknowledged append) is not an entry: see `verifyAudit`.
  const torn = text !== undefined && text.length > 0 && !text.endsWith('\n');
  const whole = text !== undefined && torn ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  const lines = whole !== undefined ? whole.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1) : [...log];
  const chain = await verifyAudit(lines);
  const checked = chain.ok ? chain.entries : (chain.firstBad?.line ?? 1) - 1;
  for (let i = 0; i < checked; i += 1) {
    const entry = JSON.parse(lines[i] as string) as { seq: number; hash: string; [ED25519_FIELD]?: unknown };
    const signature = entry[ED25519_FIELD];
    const problem = typeof signature !== 'string' ? 'it has no Ed25519 signature' : entryHashSignedBy(entry.hash, signature, key) ? undefined : 'its Ed25519 signature does not verify (forged or another key)';
    if (problem) return { ok: false, entries: i, head: i === 0 ? GENESIS_HASH : (JSON.parse(lines[i - 1] as string) as { hash: string }).hash, signaturesChecked: true, firstBad: { line: i + 1, seq: entry.seq, problem } };
  }
  return { ...chain, signaturesChecked: true, ...(torn ? { tornTail: true as const } : {}) };
}

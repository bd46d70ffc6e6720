import type { KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ED25519_FIELD } from '../audit/ed25519-signing.js';
import { verifyAudit, type AuditVerification } from '../audit/verify-audit.js';
import { verifyAuditSignatures } from '../audit/verify-signatures.js';
import { GOVERNANCE_DECISION_KIND } from './decision-record.js';

/** What a report needs to know about a real audit trail. */
export interface TrailFacts {
  file?: string;
  verification: AuditVerification;
  entries: number;
  kinds: Record<string, number>;
  /** governance_decision entries by subject. */
  governanceSubjects: Record<string, number>;
  /** Policy versions named by governance decisions, with counts. */
  policyVersions: Record<string, number>;
  ed25519Signed: number;
  approvals: number;
}

/** Reads and verifies a trail (Ed25519 with a public key, else HMAC with a key, else the chain alone) and counts what it holds. */
export async function trailFacts(source: string | readonly string[], keys: { publicKey?: string | KeyObject; hmacKey?: string } = {}): Promise<TrailFacts> {
  const lines = typeof source === 'string' ? (await readFile(source, 'utf8')).split('\n').filter((l) => l.trim() !== '') : [...source];
  const verification = keys.publicKey !== undefined ? await verifyAuditSignatures(lines, keys.publicKey) : await verifyAudit(lines, keys.hmacKey);
  const facts: TrailFacts = { ...(typeof source === 'string' ? { file: source } : {}), verification, entries: lines.length, kinds: {}, governanceSubjects: {}, policyVersions: {}, ed25519Signed: 0, approvals: 0 };
  for (const line of lines) {
    let entry: { kind?: unknown; data?: Record<string, unknown>; [ED25519_FIELD]?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    const kind = String(entry.kind);
    facts.kinds[kind] = (facts.kinds[kind] ?? 0) + 1;
    if (typeof entry[ED25519_FIELD] === 'string') facts.ed25519Signed += 1;
    const data = entry.data ?? {};
    if (kind === 'decision' && data.approval !== undefined) facts.approvals += 1;
    if (kind === 'approval_pending') facts.approvals += 1;
    if (kind === GOVERNANCE_DECISION_KIND) {
      const subject = String(data.subject);
      facts.governanceSubjects[subject] = (facts.governanceSubjects[subject] ?? 0) + 1;
      if (subject === 'approval') facts.approvals += 1;
      if (typeof data.policyVersion === 'string') facts.policyVersions[data.policyVersion] = (facts.policyVersions[data.policyVersion] ?? 0) + 1;
    }
  }
  return facts;
}

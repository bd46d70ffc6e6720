import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordingGate } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { quorumApprover } from '../approvals/quorum-approver.js';
import { auditLog } from '../audit/audit-log.js';
import { jsonlAuditSink } from '../audit/audit-sinks.js';
import { ed25519Signing } from '../audit/ed25519-signing.js';
import { approvalDecisions, auditDecisions } from './decision-record.js';
import { effectiveGovernance } from './effective-governance.js';
import { governedDataProtection } from './governed-data.js';
import { governedGate } from './governed-gate.js';
import { parseGovernance } from './load-governance.js';
import { formatPackReport, packReport } from './pack-report.js';
import { trailFacts } from './trail-facts.js';

const GOVERNANCE = `packs: [gdpr, eu-ai-act]
signing_key_env: BANK_SIGNING_KEY
residency: { EU: [eu-*] }
policy:
  purposes:
    refunds: [email, iban]
  rules:
    - { id: refunds-need-two, on: tool, match: refund, effect: require_approval, approvers: 2 }
`;

/** A real trail: decisions of the real gate, data protection and quorum, through the Ed25519 signer. */
async function realTrail() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const file = join(mkdtempSync(join(tmpdir(), 'warden-report-')), 'audit.jsonl');
  const governance = effectiveGovernance(await parseGovernance(GOVERNANCE));
  const audit = auditLog({ sink: ed25519Signing(jsonlAuditSink(file), privateKey) });
  const sink = auditDecisions(audit);
  const decision = await governedGate(recordingGate(), governance, { onDecision: sink }).decide({ id: 'c1', name: 'refund', args: { amount: 900 } }, { runId: 'run-1', step: 1, tainted: false });
  await governedDataProtection(governance, 'refunds', { onDecision: sink }).hooks.beforeModel?.({ runId: 'run-1', step: 1, request: { messages: [{ role: 'user', parts: [{ type: 'text', text: 'call +34 612 345 678' }] }] } });
  const yes = (id: string) => ({ id, approver: { specificationVersion: 'v1' as const, kind: 'person' as const, approve: async () => ({ outcome: 'approved' as const, by: id }) } });
  await quorumApprover({ members: [yes('bob'), yes('carol')], onOutcome: approvalDecisions(sink, governance.version) }).approve(
    { id: 'a1', runId: 'run-1', step: 1, call: { id: 'c1', name: 'refund', args: { amount: 900 } }, decision, requestedFor: { userId: 'alice' }, createdAt: new Date().toISOString() },
    { signal: new AbortController().signal },
  );
  await audit.record('taint', { source: 'tool:fetch', reason: 'injection signal' }, 'run-1');
  await sink.flush();
  return { file, publicKey, governance };
}

describe('packReport from a real audit trail', () => {
  it('GDPR: checkable requirements met from config and trail, manual ones left to a person, not legal advice', async () => {
    const { file, publicKey, governance } = await realTrail();
    const facts = await trailFacts(file, { publicKey });
    expect(facts.verification.ok).toBe(true);
    const gdpr = governance.packs.find((p) => p.id === 'gdpr');
    const report = packReport(gdpr as NonNullable<typeof gdpr>, governance, facts, { env: { BANK_SIGNING_KEY: 'set' } });
    const status = Object.fromEntries(report.requirements.map((r) => [r.id, r.status]));
    expect(status).toMatchObject({ 'art-5-1-b': 'met', 'art-9': 'met', 'art-22': 'met', 'art-25': 'met', 'art-30': 'partial', 'art-32': 'met', 'art-33': 'manual', 'art-35': 'manual', 'art-44': 'met' });
    expect(report.notice).toMatch(/^Not legal advice/);
    expect(report.policyVersion).toBe(governance.version);
    const text = formatPackReport(report);
    expect(text).toContain('> Not legal advice.');
    expect(text).toContain('[met] Records are signed so tampering is detected: Ed25519 key from BANK_SIGNING_KEY');
    expect(text).toMatch(/— 4 entries, verifies \(signatures checked\)/);
  });

  it('without a trail, or with a tampered one, trail evidence is a gap with the next action', async () => {
    const { file, publicKey, governance } = await realTrail();
    const ai = governance.packs.find((p) => p.id === 'eu-ai-act') as NonNullable<(typeof governance.packs)[number]>;
    const none = packReport(ai, governance, undefined, { env: {} });
    const art12 = none.requirements.find((r) => r.id === 'art-12');
    expect(art12?.status).toBe('gap');
    expect(art12?.controls[0]).toMatchObject({ status: 'gap', found: 'no audit trail given', next: 'Keep an audit trail and verify it (warden audit verify).' });
    const { readFileSync } = await import('node:fs');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const edited = lines.findIndex((line) => line.includes('"phone":1'));
    lines[edited] = lines[edited]!.replace('"phone":1', '"phone":0');
    const tampered = packReport(ai, governance, await trailFacts(lines, { publicKey }));
    expect(tampered.requirements.find((r) => r.id === 'art-12')?.controls[0]).toMatchObject({ status: 'gap', found: expect.stringMatching(new RegExp(`^broken at line ${edited + 1}`)) });
    // art-14 needs quorum_approvals (config) and approvals (trail): met both.
    expect(tampered.requirements.find((r) => r.id === 'art-14')?.status).toBe('met');
  });
});

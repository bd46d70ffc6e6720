import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProviderError, type ProviderNotice } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit-log.js';
import { jsonlAuditSink } from '../audit/audit-sinks.js';
import { ed25519Signing } from '../audit/ed25519-signing.js';
import { verifyAuditSignatures } from '../audit/verify-signatures.js';
import { auditDecisions, type GovernanceDecisionRecord } from './decision-record.js';
import { effectiveGovernance } from './effective-governance.js';
import { governedDataProtection } from './governed-data.js';
import { governedGate } from './governed-gate.js';
import type { GovernanceFile } from './governance-schema.js';
import { destinationRegion, residentProvider } from './residency.js';

const FILE: GovernanceFile = {
  home: 'eu-central-1',
  regions: { 'bank-openai.openai.azure.com': 'westeurope', 'api.openai.com': 'us', 'mumbai.example.net': 'ap-south-1' },
  residency: { EU: ['eu-*', 'westeurope'], IN: ['ap-south-1'] },
  policy: {
    purposes: { refunds: ['email', 'iban'] },
    rules: [
      { id: 'refunds-need-two', on: 'tool', match: 'refund', when: 'args.amount > 500', effect: 'require_approval', approvers: 2, timeout: '1h' },
      { id: 'no-ssn', on: 'data', match: 'us_ssn', effect: 'deny' },
      { id: 'health-redacted', on: 'data', match: 'health', effect: 'redact' },
    ],
  },
};
const governance = (mode: 'enforce' | 'monitor' = 'enforce') => effectiveGovernance({ source: 'governance.yaml', file: { ...FILE, mode }, packs: [] });
const ctx = { runId: 'run-1', step: 1, tainted: false };

describe('governedGate', () => {
  it('require_approval becomes a person-only ask carrying the quorum and the policy version; allow leaves the gate alone', async () => {
    const g = governance();
    const records: GovernanceDecisionRecord[] = [];
    const gate = governedGate(recordingGate(), g, { onDecision: (r) => records.push(r) });
    const big = await gate.decide({ id: 'c', name: 'refund', args: { amount: 900 } }, ctx);
    expect(big).toMatchObject({ effect: 'ask', requiresPerson: true, rule: 'governance.refunds-need-two', params: { approvers: 2, timeoutMs: 3_600_000, policyVersion: g.version } });
    expect((await gate.decide({ id: 'c', name: 'refund', args: { amount: 90 } }, ctx)).rule).toBe('recording-gate.allow');
    expect(records.map((r) => [r.subject, r.effect, r.policyVersion])).toEqual([
      ['tool', 'require_approval', g.version],
      ['tool', 'allow', g.version],
    ]);
  });

  it("the inner gate's deny still wins", async () => {
    const gate = governedGate(recordingGate(() => 'deny'), governance());
    expect((await gate.decide({ id: 'c', name: 'refund', args: { amount: 900 } }, ctx)).effect).toBe('deny');
  });

  it('monitor records the verdict and enforces nothing', async () => {
    const records: GovernanceDecisionRecord[] = [];
    const gate = governedGate(recordingGate(), governance('monitor'), { onDecision: (r) => records.push(r) });
    expect((await gate.decide({ id: 'c', name: 'refund', args: { amount: 900 } }, ctx)).effect).toBe('allow');
    expect(records[0]).toMatchObject({ effect: 'require_approval', enforced: false });
  });
});

describe('governedDataProtection', () => {
  const request = (text: string) => ({ messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text }] }] });

  it('the purpose decides per class: allowed, pseudonymised, redacted or refused', async () => {
    const records: GovernanceDecisionRecord[] = [];
    const p = governedDataProtection(governance(), 'refunds', { onDecision: (r) => records.push(r) });
    const out = await p.hooks.beforeModel?.({ runId: 'r', step: 1, request: request('ana@example.es +34 612 345 678 DE89 3704 0044 0532 0130 00 diagnosed') });
    const text = JSON.stringify(out);
    expect(text).toContain('ana@example.es');
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toMatch(/⟨phone:[0-9a-f]{8}⟩/);
    expect(text).toContain('[redacted:health]');
    expect(records[0]).toMatchObject({ subject: 'data', enforced: true, rules: ['health-redacted'], detail: { purpose: 'refunds', classes: { phone: 1, health: 1 } } });
    await expect(async () => p.hooks.beforeModel?.({ runId: 'r', step: 2, request: request('ssn 123-45-6789') })).rejects.toMatchObject({ code: 'policy.data_refused' });
  });

  it('under monitor the request leaves unchanged and the treatment is recorded as not enforced', async () => {
    const records: GovernanceDecisionRecord[] = [];
    const p = governedDataProtection(governance('monitor'), 'refunds', { onDecision: (r) => records.push(r) });
    expect(await p.hooks.beforeModel?.({ runId: 'r', step: 1, request: request('ssn 123-45-6789') })).toBeUndefined();
    expect(records[0]).toMatchObject({ enforced: false, detail: { classes: { us_ssn: 1 } } });
  });
});

describe('residentProvider', () => {
  const named = (id: string, reply: string | Error) => Object.assign(scriptedProvider([reply], { id }), {});

  it('an EU customer’s call skips the US backend the chain prefers and goes to the EU one', async () => {
    const us = named('openai', 'from the US');
    const eu = named('azure', 'from the EU');
    const notices: ProviderNotice[] = [];
    const records: GovernanceDecisionRecord[] = [];
    const g = governance();
    const provider = residentProvider([{ provider: us, host: 'api.openai.com' }, { provider: eu, host: 'bank-openai.openai.azure.com' }], g, { jurisdiction: 'EU', onDecision: (r) => records.push(r) });
    const response = await provider.complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }, { onNotice: (n) => notices.push(n) });
    expect(response.message.parts).toEqual([{ type: 'text', text: 'from the EU' }]);
    expect(us.requests).toHaveLength(0);
    expect(notices).toEqual([{ type: 'provider_switch', from: 'openai', to: 'azure', reason: 'residency' }]);
    expect(records.map((r) => [r.effect, r.detail.region])).toEqual([
      ['deny', 'us'],
      ['allow', 'westeurope'],
    ]);
  });

  it('an Indian customer’s call with no allowed backend is refused; no jurisdiction means no restriction', async () => {
    const g = governance();
    const chain = () => [{ provider: named('openai', 'us'), host: 'api.openai.com' }, { provider: named('bedrock', 'eu'), region: 'eu-west-1' }];
    await expect(residentProvider(chain(), g, { jurisdiction: 'IN' }).complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] })).rejects.toMatchObject({ code: 'policy.residency_refused' });
    await expect(residentProvider(chain(), g, { jurisdiction: 'BR' }).complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] })).rejects.toMatchObject({ code: 'policy.residency_refused' });
    const free = await residentProvider(chain(), g, { jurisdiction: undefined }).complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    expect(free.message.parts).toEqual([{ type: 'text', text: 'us' }]);
  });

  it('an allowed backend that fails over moves to the next allowed one', async () => {
    const down = new ProviderError({ code: 'provider.overloaded', message: 'overloaded', retryable: true } as never);
    const provider = residentProvider([{ provider: named('bedrock', down), region: 'eu-central-1' }, { provider: named('openai', 'us'), host: 'api.openai.com' }, { provider: named('vertex', 'from europe-west'), region: 'europe-west4' }], effectiveGovernance({ source: 'g', file: { ...FILE, residency: { EU: ['eu-*', 'europe-*'] } }, packs: [] }), { jurisdiction: 'EU' });
    const response = await provider.complete({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    expect(response.message.parts).toEqual([{ type: 'text', text: 'from europe-west' }]);
  });

  it('regions: explicit, mapped host, provider id, loopback is home, unknown is none', () => {
    const g = governance();
    const p = named('ollama', 'x');
    expect(destinationRegion({ provider: p, region: 'eu-west-3' }, g)).toBe('eu-west-3');
    expect(destinationRegion({ provider: p, host: 'Mumbai.example.net' }, g)).toBe('ap-south-1');
    expect(destinationRegion({ provider: p, host: '127.0.0.1' }, g)).toBe('eu-central-1');
    expect(destinationRegion({ provider: p, host: 'unknown.example' }, g)).toBeUndefined();
  });
});

describe('decisions in a signed trail', () => {
  it('every governance decision is an entry naming the policy version, verifiable with the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const file = join(mkdtempSync(join(tmpdir(), 'warden-gov-trail-')), 'audit.jsonl');
    const audit = auditLog({ sink: ed25519Signing(jsonlAuditSink(file), privateKey), key: 'k' });
    const sink = auditDecisions(audit);
    const g = governance();
    await governedGate(recordingGate(), g, { onDecision: sink }).decide({ id: 'c', name: 'refund', args: { amount: 900 } }, ctx);
    await sink.flush();
    const verified = await verifyAuditSignatures(file, publicKey);
    expect(verified).toMatchObject({ ok: true, entries: 1 });
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ kind: 'governance_decision', runId: 'run-1', data: { subject: 'tool', effect: 'require_approval', policyVersion: g.version } });
  });
});

import { describe, expect, it } from 'vitest';
import { effectiveGovernance } from '../declared/effective-governance.js';
import { parseGovernance } from '../declared/load-governance.js';
import { dpiaDraft, DPIA_NOTICE } from './dpia-draft.js';

const declared = () =>
  parseGovernance(`
packs: [gdpr, eu-ai-act]
home: eu-central-1
residency:
  EU: [eu-*]
signing_key_env: WARDEN_SIGNING_KEY
policy:
  purposes:
    support: [email, iban]
    claims: [email, health]
  rules:
    - id: refunds-need-two
      on: tool
      match: refund
      effect: require_approval
      approvers: 2
      reason: money leaves the bank
    - id: pseudonymise-email
      on: data
      match: email
      effect: pseudonymise
`);

describe('dpiaDraft', () => {
  it('drafts from the live governance: processing, purposes, residency, packs, oversight, risks — and says it is not legal advice', async () => {
    const governance = effectiveGovernance(await declared());
    const md = dpiaDraft({ system: 'EU bank assistant', governance, agents: [{ name: 'support', models: ['bedrock:claude'], tools: ['refund'] }], date: new Date('2026-12-03T00:00:00Z') });
    expect(md.split('\n')[2]).toBe(`> ${DPIA_NOTICE}`);
    expect(DPIA_NOTICE).toMatch(/not legal advice/);
    expect(md).toContain(`policy version \`${governance.version}\``);
    expect(md).toContain('| support | bedrock:claude | refund |');
    expect(md).toContain('| claims | email, health | high |');
    expect(md).toContain('| support | iban, email |');
    expect(md).toContain('Data subjects in EU: model calls only to eu-*.');
    expect(md).toContain('General Data Protection Regulation');
    expect(md).toContain('`refunds-need-two` (');
    expect(md).toContain('by 2 distinct approver(s) — money leaves the bank');
    expect(md).toMatch(/Special categories \(Art\. 9\) reach a model \| purposes claims allow them/);
    expect(md).toContain('pseudonymise-email: pseudonymise');
    expect(md).toContain('signed with the key in WARDEN_SIGNING_KEY');
    expect(md).toContain('TO COMPLETE: the DPO');
  });

  it('marks what is missing when the governance is empty', async () => {
    const md = dpiaDraft({ system: 'bare', governance: effectiveGovernance(await parseGovernance('mode: monitor\n')) });
    expect(md).toContain('No purposes are declared');
    expect(md).toContain('No residency rules');
    expect(md).toContain('No packs are in force.');
    expect(md).toContain('monitor mode only records');
    expect(md).toContain('TO COMPLETE: name signing_key_env');
  });
});

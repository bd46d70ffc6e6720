import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { effectiveGovernance } from './effective-governance.js';
import { loadGovernanceFile, parseGovernance } from './load-governance.js';

const GOOD = `mode: enforce
packs: [gdpr, owasp-agentic]
home: eu-central-1
regions:
  api.openai.com: us
residency:
  EU: [eu-*, europe-*]
signing_key_env: WARDEN_SIGNING_KEY
policy:
  purposes:
    refunds: [email, iban]
  rules:
    - id: refunds-need-two
      on: tool
      match: refund*
      when: 'args.amount > 500'
      effect: require_approval
      approvers: 2
      timeout: 2h
`;

async function problemsOf(text: string): Promise<string> {
  try {
    await parseGovernance(text, { source: 'g.yaml' });
  } catch (error) {
    expect((error as { code?: string }).code).toBe('policy.invalid');
    return (error as Error).message;
  }
  throw new Error('expected the file to be refused');
}

describe('parseGovernance', () => {
  it('loads a good file with its built-in packs', async () => {
    const declared = await parseGovernance(GOOD, { source: 'g.yaml' });
    expect(declared.packs.map((p) => p.id)).toEqual(['gdpr', 'owasp-agentic']);
    const effective = effectiveGovernance(declared);
    expect(effective.version).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect([...(effective.purposes.get('refunds') ?? [])]).toEqual(['email', 'iban']);
    expect(effective.rules.map((r) => r.id)).toEqual(['refunds-need-two', 'gdpr-art9-special-categories', 'owasp-t6-tainted-destructive']);
  });

  it('reports every problem at once, each with its line and column', async () => {
    const message = await problemsOf(`mode: enforced
packs: [gpdr]
sigining_key_env: X
policy:
  purposes:
    support: [emial, phone]
  rules:
    - id: a
      on: data
      match: helth
      effect: redact
    - id: b
      on: tool
      effect: redact
`);
    expect(message).toContain('g.yaml:1:7: mode:');
    expect(message).toContain('g.yaml:3:1: sigining_key_env: unknown key "sigining_key_env"');
    expect(message).toContain('g.yaml:14:15: policy.rules[1].effect: a rule on tool may have effect allow, ask, require_approval, deny, not redact');
  });

  it('after the shape is right, names misspelled data classes, pack names and bad conditions with did-you-mean', async () => {
    const message = await problemsOf(`packs: [gpdr]
policy:
  purposes:
    support: [emial, phone]
  rules:
    - id: a
      on: data
      match: [helth]
      effect: redact
    - id: a
      on: tool
      when: 'args.amount >'
      effect: deny
`);
    expect(message).toContain('g.yaml:4:15: purposes.support[0]: unknown data class "emial" (did you mean "email"?)');
    expect(message).toContain('g.yaml:8:15: rules[0].match: unknown data class "helth" (did you mean "health"?)');
    expect(message).toContain('g.yaml:10:11: rules[1].id: the id "a" is used twice');
    expect(message).toMatch(/g\.yaml:12:13: invalid condition at column \d+/);
    expect(message).toContain('g.yaml:1:9: packs[0]: unknown pack "gpdr" (did you mean "gdpr"?)');
    expect(message.startsWith('5 problems:')).toBe(true);
  });

  it('approvers belong to require_approval; a data rule names its classes', async () => {
    expect(await problemsOf('policy:\n  rules:\n    - { id: x, on: tool, effect: deny, approvers: 2 }\n')).toContain('approvers and timeout belong to effect require_approval');
    expect(await problemsOf('policy:\n  rules:\n    - { id: x, on: data, effect: redact }\n')).toContain('a rule on data names the data classes it matches');
  });

  it('syntax errors and JSON files are located too', async () => {
    expect(await problemsOf('mode: [enforce\n')).toMatch(/^g\.yaml:\d+:\d+: /);
    const dir = mkdtempSync(join(tmpdir(), 'warden-gov-'));
    writeFileSync(join(dir, 'governance.json'), JSON.stringify({ mode: 'monitor', packs: ['./bank-pack.json'] }));
    writeFileSync(join(dir, 'bank-pack.json'), JSON.stringify({ id: 'bank', title: 'Bank', published: '2026-01-01', source: 'https://example.org/bank', reviewed: '2026-01-02', notice: 'Not legal advice.', requirements: [{ id: 'r1', title: 'R', cite: '§1', controls: [{ id: 'c', text: 't', evidence: 'trail_verifes', action: 'a' }] }] }));
    await expect(loadGovernanceFile(join(dir, 'governance.json'))).rejects.toThrow(/bank-pack\.json:1:\d+: requirements\[0\]\.controls\[0\]\.evidence/);
  });
});

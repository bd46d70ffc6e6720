import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { auditDecisions, auditLog, ed25519Signing, effectiveGovernance, governedGate, jsonlAuditSink, loadGovernanceFile } from '@warden/governance';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const GOVERNANCE = `packs: [gdpr]
signing_key_env: BANK_SIGNING_KEY
residency: { EU: [eu-*] }
policy:
  purposes: { refunds: [email, iban] }
  rules:
    - { id: refunds-need-two, on: tool, match: refund, effect: require_approval, approvers: 2 }
`;

/** A workspace with a governance file and a real Ed25519-signed trail of the governed gate's decisions. */
async function workspace(): Promise<{ dir: string; publicKeyFile: string }> {
  const dir = tempWorkspace('warden-gov-cli-');
  writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const publicKeyFile = path.join(dir, 'audit.pub.pem');
  writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
  mkdirSync(path.join(dir, '.warden'));
  const governance = effectiveGovernance(await loadGovernanceFile(path.join(dir, 'governance.yaml')));
  const sink = auditDecisions(auditLog({ sink: ed25519Signing(jsonlAuditSink(path.join(dir, '.warden', 'audit.jsonl')), privateKey) }));
  const gate = governedGate({ specificationVersion: 'v1', decide: () => ({ effect: 'allow', reason: 'ok', rule: 'test.allow' }) }, governance, { onDecision: sink });
  await gate.decide({ id: 'c1', name: 'refund', args: { amount: 900 } }, { runId: 'run-1', step: 1, tainted: false });
  await sink.flush();
  return { dir, publicKeyFile };
}

describe('warden governance and audit verify --public-key', () => {
  it('lists and shows the built-in packs', async () => {
    const packs = await runCli(['governance', 'packs']);
    expect(packs.code).toBe(0);
    expect(packs.stdout).toContain('gdpr — General Data Protection Regulation (Regulation (EU) 2016/679) (text of 2016-05-04');
    expect(packs.stdout).toContain('owasp-agentic');
    const gdpr = await runCli(['governance', 'pack', 'gdpr']);
    expect(gdpr.stdout).toContain('Art. 5(1)(b) Purpose limitation');
    expect(gdpr.stdout).toContain('not legal advice');
  });

  it('checks the governance file: the policy version, or every problem with line and column', async () => {
    const { dir } = await workspace();
    const ok = await runCli(['governance', 'check', '--workdir', dir]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/governance\.yaml: valid — 1 packs, 2 rules, policy version sha256:[0-9a-f]{64}/);
    writeFileSync(path.join(dir, 'bad.yaml'), 'packs: [gpdr]\npolicy:\n  purposes: { refunds: [emial] }\n');
    const bad = await runCli(['governance', 'check', '--governance', path.join(dir, 'bad.yaml')]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('bad.yaml:3:25: purposes.refunds[0]: unknown data class "emial" (did you mean "email"?)');
    expect(bad.stderr).toContain('did you mean "gdpr"?');
  });

  it('reports a pack from the config and the real trail, verified with the public key, and says it is not legal advice', async () => {
    const { dir, publicKeyFile } = await workspace();
    const out = path.join(dir, 'gdpr-report.md');
    const report = await runCli(['governance', 'report', '--pack', 'gdpr', '--workdir', dir, '--public-key', publicKeyFile, '--out', out], { env: { BANK_SIGNING_KEY: 'present' } });
    expect(report.code).toBe(0);
    expect(report.stderr).toContain('Not legal advice');
    expect(report.stdout).toMatch(/gdpr: \d+ met, \d+ partial, \d+ gap, \d+ manual/);
    const markdown = readFileSync(out, 'utf8');
    expect(markdown).toContain('> Not legal advice.');
    expect(markdown).toContain('1 entries, verifies (signatures checked)');
    expect(markdown).toContain('## Art. 44 General principle for transfers — met');
  });

  it('audit verify --public-key verifies with no secret and names a forged line', async () => {
    const { dir, publicKeyFile } = await workspace();
    const good = await runCli(['audit', 'verify', '--workdir', dir, '--public-key', publicKeyFile]);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain('audit trail intact: 1 entry verified');
    const trail = path.join(dir, '.warden', 'audit.jsonl');
    const entry = JSON.parse(readFileSync(trail, 'utf8')) as { ed25519: string };
    entry.ed25519 = Buffer.alloc(64).toString('base64');
    writeFileSync(trail, `${JSON.stringify(entry)}\n`);
    const forged = await runCli(['audit', 'verify', '--workdir', dir, '--public-key', publicKeyFile]);
    expect(forged.code).not.toBe(0);
    expect(forged.stdout).toContain('audit trail broken at entry 1: its Ed25519 signature does not verify');
  });
});

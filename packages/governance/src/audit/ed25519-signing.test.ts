import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryHash } from './audit-entry.js';
import { auditLog } from './audit-log.js';
import { jsonlAuditSink } from './audit-sinks.js';
import { ed25519Signing } from './ed25519-signing.js';
import { verifyAudit } from './verify-audit.js';
import { verifyAuditSignatures } from './verify-signatures.js';

const pair = () => generateKeyPairSync('ed25519');

async function signedTrail(): Promise<{ file: string; publicPem: string }> {
  const { privateKey, publicKey } = pair();
  const file = join(mkdtempSync(join(tmpdir(), 'warden-ed-')), 'audit.jsonl');
  const log = auditLog({ sink: ed25519Signing(jsonlAuditSink(file), privateKey.export({ type: 'pkcs8', format: 'pem' }) as string), key: 'hmac-key' });
  await log.record('governance_decision', { policyVersion: 'sha256:abc', subject: 'tool', effect: 'deny' }, 'run-1');
  await log.record('governance_decision', { policyVersion: 'sha256:abc', subject: 'data', effect: 'pseudonymise' }, 'run-1');
  await log.record('run_end', { stopReason: 'done' }, 'run-1');
  return { file, publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string };
}

const lines = (file: string): string[] => readFileSync(file, 'utf8').trim().split('\n');

describe('Ed25519-signed audit trail', () => {
  it('verifies with only the public key, and still with the HMAC key', async () => {
    const { file, publicPem } = await signedTrail();
    expect(await verifyAuditSignatures(file, publicPem)).toMatchObject({ ok: true, entries: 3, signaturesChecked: true });
    expect(await verifyAudit(file, 'hmac-key')).toMatchObject({ ok: true, entries: 3 });
  });

  it('an entry edited and re-hashed (chain repaired without the private key) fails on its signature', async () => {
    const { file, publicPem } = await signedTrail();
    const all = lines(file);
    const second = JSON.parse(all[1] as string);
    second.data.effect = 'allow';
    second.hash = entryHash(second);
    all[1] = JSON.stringify(second);
    const third = JSON.parse(all[2] as string);
    third.prev = second.hash;
    third.hash = entryHash(third);
    all[2] = JSON.stringify(third);
    expect((await verifyAudit(all)).ok).toBe(true);
    expect(await verifyAuditSignatures(all, publicPem)).toMatchObject({ ok: false, entries: 1, firstBad: { line: 2, seq: 2, problem: expect.stringMatching(/Ed25519 signature does not verify/) } });
  });

  it('another key, a missing signature and a broken chain are each refused', async () => {
    const { file, publicPem } = await signedTrail();
    const other = pair().publicKey.export({ type: 'spki', format: 'pem' }) as string;
    expect(await verifyAuditSignatures(file, other)).toMatchObject({ ok: false, firstBad: { line: 1 } });
    const all = lines(file);
    const unsigned = JSON.parse(all[2] as string);
    delete unsigned.ed25519;
    expect(await verifyAuditSignatures([all[0] as string, all[1] as string, JSON.stringify(unsigned)], publicPem)).toMatchObject({ ok: false, firstBad: { line: 3, problem: 'it has no Ed25519 signature' } });
    expect(await verifyAuditSignatures([all[0] as string, all[2] as string], publicPem)).toMatchObject({ ok: false, entries: 1, firstBad: { line: 2 } });
    writeFileSync(file, `${all.join('\n')}\n`);
    expect((await verifyAuditSignatures(file, publicPem)).ok).toBe(true);
  });

  it('refuses keys that are not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => ed25519Signing(jsonlAuditSink('/tmp/x'), rsa.privateKey)).toThrow(/Ed25519 private key/);
  });
});

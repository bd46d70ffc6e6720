import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auditLog, ed25519Signing, jsonlAuditSink, subjectKeyStore, verifyErasureReceipt, type ErasureReceipt } from '@warden/governance';
import { knowledgeBase, sqliteStore } from '@warden/knowledge';
import { sqliteSessionStore } from '@warden/sessions';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const EMAIL = 'lena.weber@example.de';

/**
 * A workspace as a governed harness leaves it: a real SQLite session store holding Lena's
 * conversation, a real SQLite knowledge store with a note tagged with her, a letter her run wrote,
 * and an Ed25519-signed trail whose personal values are sealed under her key.
 */
async function workspace(): Promise<{ dir: string; privateKeyFile: string; publicKeyFile: string; sessionId: string; db: string; kb: string }> {
  const dir = tempWorkspace('warden-dsar-cli-');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privateKeyFile = path.join(dir, 'audit.key.pem');
  const publicKeyFile = path.join(dir, 'audit.pub.pem');
  writeFileSync(privateKeyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicKeyFile, publicKey.export({ type: 'spki', format: 'pem' }));
  const db = path.join(dir, '.warden', 'sessions.db');
  mkdirSync(path.dirname(db), { recursive: true });
  const sessions = sqliteSessionStore({ path: db });
  const { id: sessionId, version } = await sessions.create({ title: 'refund' });
  await sessions.append(sessionId, [{ type: 'message', id: 'm1', at: new Date().toISOString(), message: { role: 'user', parts: [{ type: 'text', text: `Refund ${EMAIL}` }] } }], { expectedVersion: version });
  await sessions.close();
  const kb = path.join(dir, '.warden', 'knowledge.sqlite');
  const store = sqliteStore({ path: kb });
  const base = knowledgeBase(store);
  await base.add({ id: 'note-lena', text: `Lena prefers email at ${EMAIL}.`, metadata: { subject: 'lena' } });
  await base.add({ id: 'note-policy', text: 'Refunds over 500 EUR need two people.' });
  await store.close();
  mkdirSync(path.join(dir, 'letters'));
  writeFileSync(path.join(dir, 'letters', 'refund.txt'), `Dear ${EMAIL}`);
  const keys = subjectKeyStore(path.join(dir, '.warden', 'subject-keys'));
  const audit = auditLog({ sink: ed25519Signing(jsonlAuditSink(path.join(dir, '.warden', 'audit.jsonl')), privateKey), subjects: { keys, of: (runId) => (runId === 'run-lena' ? 'lena' : undefined) } });
  const at = new Date().toISOString();
  await audit.recordEvent({ type: 'run_start', runId: 'run-lena', at, sessionId, task: `Refund ${EMAIL}`, provider: 'scripted', model: 'm' });
  await audit.recordEvent({ type: 'tool_call', runId: 'run-lena', at, step: 1, callId: 'c1', name: 'send_email', args: { to: EMAIL } });
  await audit.recordEvent({ type: 'change_set', runId: 'run-lena', at, changes: [{ path: 'letters/refund.txt', effectClass: 'write', approvedBy: 'policy', rule: 'r', tool: 'write_file' }] });
  return { dir, privateKeyFile, publicKeyFile, sessionId, db, kb };
}

describe('warden governance dsar', () => {
  it('exports the subject, erases them with a signed receipt, and the trail still verifies with only the public key', async () => {
    const w = await workspace();
    expect(readFileSync(path.join(w.dir, '.warden', 'audit.jsonl'), 'utf8')).not.toContain(EMAIL);
    const sessions = `sqlite:${w.db}`;
    const knowledge = `sqlite:${w.kb}`;

    const exported = await runCli(['governance', 'dsar', 'export', 'lena', '--workdir', w.dir, '--sessions', sessions]);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout) as { keyPresent: boolean; sessions: Array<{ id: string }>; audit: Array<{ kind: string; data: unknown }> };
    expect(data.keyPresent).toBe(true);
    expect(data.sessions.map((s) => s.id)).toEqual([w.sessionId]);
    expect(JSON.stringify(data.audit.find((e) => e.kind === 'tool_call')?.data)).toContain(EMAIL);

    const missingKey = await runCli(['governance', 'dsar', 'erase', 'lena', '--workdir', w.dir, '--sessions', sessions]);
    expect(missingKey.code).not.toBe(0);
    expect(missingKey.stderr).toContain('--signing-key');

    const receiptFile = path.join(w.dir, 'receipt.json');
    const erased = await runCli(['governance', 'dsar', 'erase', 'lena', '--workdir', w.dir, '--sessions', sessions, '--knowledge', knowledge, '--signing-key', w.privateKeyFile, '--out', receiptFile]);
    expect(erased.code).toBe(0);
    expect(erased.stderr).toContain('erased: 1 sessions, 1 knowledge entries, 1 deliverables; key destroyed');
    const receipt = JSON.parse(readFileSync(receiptFile, 'utf8')) as ErasureReceipt;
    expect(verifyErasureReceipt(receipt, readFileSync(w.publicKeyFile, 'utf8'))).toBe(true);
    expect(existsSync(path.join(w.dir, 'letters', 'refund.txt'))).toBe(false);

    const verified = await runCli(['audit', 'verify', '--workdir', w.dir, '--public-key', w.publicKeyFile]);
    expect(verified.code).toBe(0);
    const after = await runCli(['governance', 'dsar', 'export', 'lena', '--workdir', w.dir, '--sessions', sessions]);
    expect(JSON.parse(after.stdout)).toMatchObject({ keyPresent: false, sessions: [], audit: [] });
    expect(readFileSync(path.join(w.dir, '.warden', 'audit.jsonl'), 'utf8')).not.toContain(EMAIL);
    // The policy note stays; only Lena's entry went.
    const store = sqliteStore({ path: w.kb });
    const hits = await knowledgeBase(store).search('refunds two people');
    expect(hits.map((h) => h.documentId)).toEqual(['note-policy']);
    await store.close();
  });

  it('needs the HMAC key of an HMAC-signed trail, so the erasure entry does not break HMAC verification', async () => {
    const w = await workspace();
    const trail = path.join(w.dir, '.warden', 'audit.jsonl');
    const signed = readFileSync(trail, 'utf8').trim().split('\n').map((line) => JSON.stringify({ ...JSON.parse(line), sig: 'hmac-sha256:00' }));
    writeFileSync(trail, `${signed.join('\n')}\n`);
    const refused = await runCli(['governance', 'dsar', 'erase', 'lena', '--workdir', w.dir, '--sessions', `sqlite:${w.db}`, '--signing-key', w.privateKeyFile]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--key-env');
    expect(existsSync(path.join(w.dir, 'letters', 'refund.txt'))).toBe(true);
  });

  it('refuses an unknown dsar mode and a missing subject with usage errors', async () => {
    const bad = await runCli(['governance', 'dsar', 'forget', 'lena']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('forget');
    const none = await runCli(['governance', 'dsar', 'export']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('SUBJECT');
  });
});

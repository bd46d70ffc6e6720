import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent } from '@warden/core';
import type { RunEvent, ToolV1 } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { sqliteSessionStore } from '@warden/sessions';
import { describe, expect, it } from 'vitest';
import { auditLog, type AuditLog } from '../audit/audit-log.js';
import { jsonlAuditSink } from '../audit/audit-sinks.js';
import { ed25519Signing } from '../audit/ed25519-signing.js';
import { subjectKeyStore, type SubjectKeyStore } from '../audit/subject-keys.js';
import { SUBJECT_TOKEN_PATTERN, openSubjectToken, openSubjectTokens } from '../audit/subject-tokens.js';
import { verifyAuditSignatures } from '../audit/verify-signatures.js';
import { eraseSubject } from './erase-subject.js';
import { verifyErasureReceipt } from './erasure-receipt.js';
import { exportSubject } from './export-subject.js';

const LENA_EMAIL = 'lena.weber@example.de';
const WEI_EMAIL = 'tan.wei@example.sg';

interface World {
  dir: string;
  trail: string;
  keys: SubjectKeyStore;
  audit: AuditLog;
  sessions: ReturnType<typeof sqliteSessionStore>;
  privatePem: string;
  publicPem: string;
  subjectOfRun: Map<string, string>;
}

function world(): World {
  const dir = mkdtempSync(join(tmpdir(), 'warden-dsar-'));
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const keys = subjectKeyStore(join(dir, 'subject-keys'));
  const subjectOfRun = new Map<string, string>();
  const trail = join(dir, '.warden', 'audit.jsonl');
  const audit = auditLog({ sink: ed25519Signing(jsonlAuditSink(trail), privatePem), key: 'hmac-key', subjects: { keys, of: (runId) => (runId ? subjectOfRun.get(runId) : undefined) } });
  const sessions = sqliteSessionStore({ path: join(dir, 'sessions.db') });
  return { dir, trail, keys, audit, sessions, privatePem, publicPem: publicKey.export({ type: 'spki', format: 'pem' }) as string, subjectOfRun };
}

/** A real run for one customer: a real session in SQLite, a tool that writes a real file, every event in the trail. */
async function serve(w: World, subject: string, email: string): Promise<{ sessionId: string; file: string }> {
  const file = `letters/${randomUUID()}.txt`;
  const mail: ToolV1 = {
    specificationVersion: 'v1',
    name: 'send_letter',
    description: 'Write a letter to a customer.',
    inputSchema: { type: 'object' },
    annotations: { readOnly: false },
    execute: async (args) => {
      writeFileSync(join(w.dir, file), `Dear customer at ${String(args.to)}`);
      return 'written';
    },
  };
  mkdirSync(join(w.dir, 'letters'), { recursive: true });
  const provider = scriptedProvider([{ toolCalls: [{ name: 'send_letter', args: { to: email } }] }, 'Letter written.']);
  const agent = createAgent({ provider, tools: [mail], gate: recordingGate(), session: { store: w.sessions } });
  const recorded: Promise<unknown>[] = [];
  let runId = '';
  const result = await agent.run(`Write to ${email} about the refund`, {
    onEvent: (event: RunEvent) => {
      if (event.type === 'run_start') w.subjectOfRun.set((runId = event.runId), subject);
      recorded.push(w.audit.recordEvent(event));
    },
  });
  // What the harness's change-set tracker appends for a run that wrote a file (packages/harness/src/change-set.ts).
  recorded.push(w.audit.recordEvent({ type: 'change_set', runId, at: new Date().toISOString(), changes: [{ path: file, effectClass: 'write', approvedBy: 'policy', rule: 'test.allow', tool: 'send_letter' }] }));
  await Promise.all(recorded);
  expect(result.stopReason).toBe('done');
  expect(existsSync(join(w.dir, file))).toBe(true);
  return { sessionId: result.sessionId as string, file };
}

describe('erasure that keeps the chain', () => {
  it('seals personal values under a per-person key: the trail never holds them, the chain hashes the tokens', async () => {
    const w = world();
    await serve(w, 'lena', LENA_EMAIL);
    const text = readFileSync(w.trail, 'utf8');
    expect(text).not.toContain(LENA_EMAIL);
    expect(text).not.toContain('lena');
    const tokens = [...text.matchAll(SUBJECT_TOKEN_PATTERN)];
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const key = w.keys.find('lena');
    expect(key).toBeDefined();
    expect(openSubjectToken(tokens[0]?.[0] as string, key!)).toBe(`Write to ${LENA_EMAIL} about the refund`);
    expect(readdirKeys(w)).toHaveLength(1);
  });

  it('erases one customer: sessions, deliverables and key gone, the other customer intact, the chain verifies with only the public key', async () => {
    const w = world();
    const lena = await serve(w, 'lena', LENA_EMAIL);
    const wei = await serve(w, 'wei', WEI_EMAIL);
    const before = await exportSubject({ subject: 'lena', keys: w.keys, trail: w.trail, sessions: [w.sessions] });
    expect(before.keyPresent).toBe(true);
    expect(before.sessions.map((s) => s.id)).toEqual([lena.sessionId]);
    expect(JSON.stringify(before.audit)).toContain(LENA_EMAIL);
    expect(JSON.stringify(before.audit)).not.toContain(WEI_EMAIL);
    expect(before.deliverables).toEqual([lena.file]);
    const sealedLine = readFileSync(w.trail, 'utf8').split('\n').find((l) => l.includes('"tool_call"')) as string;

    const receipt = await eraseSubject({ subject: 'lena', keys: w.keys, trail: w.trail, sessions: [w.sessions], workspace: w.dir, signingKey: w.privatePem, policyVersion: 'sha256:policy', audit: w.audit });
    expect(receipt.erased).toEqual({ sessions: 1, memory: 0, knowledge: 0, deliverables: 1, trailTokens: expect.any(Number), keyDestroyed: true });
    expect(receipt.erased.trailTokens).toBeGreaterThanOrEqual(2);
    expect(receipt.sessionIds).toEqual([lena.sessionId]);
    expect(verifyErasureReceipt(receipt, w.publicPem)).toBe(true);
    expect(verifyErasureReceipt({ ...receipt, erased: { ...receipt.erased, sessions: 0 } }, w.publicPem)).toBe(false);

    // The chain, including the erasure entry, still verifies with only the public key.
    const verified = await verifyAuditSignatures(w.trail, w.publicPem);
    expect(verified).toMatchObject({ ok: true });
    expect(verified.head).toBe(receipt.trailHead);
    // The sealed line is unchanged, and nothing can open it any more.
    expect(readFileSync(w.trail, 'utf8')).toContain(sealedLine);
    const reopened = openSubjectTokens(JSON.parse(sealedLine).data, w.keys);
    expect(JSON.stringify(reopened)).not.toContain(LENA_EMAIL);
    expect(w.keys.find('lena')).toBeUndefined();
    expect(readdirKeys(w)).toHaveLength(1);

    await expect(w.sessions.load(lena.sessionId)).rejects.toMatchObject({ code: 'session.not_found' });
    expect(existsSync(join(w.dir, lena.file))).toBe(false);
    // Wei is untouched: his session, his letter, his key, his values.
    expect((await w.sessions.load(wei.sessionId)).id).toBe(wei.sessionId);
    expect(existsSync(join(w.dir, wei.file))).toBe(true);
    const weiExport = await exportSubject({ subject: 'wei', keys: w.keys, trail: w.trail, sessions: [w.sessions] });
    expect(JSON.stringify(weiExport.audit)).toContain(WEI_EMAIL);

    const after = await exportSubject({ subject: 'lena', keys: w.keys, trail: w.trail, sessions: [w.sessions] });
    expect(after).toMatchObject({ keyPresent: false, sessions: [], audit: [] });
    expect(readFileSync(w.trail, 'utf8')).not.toContain(LENA_EMAIL);
    await w.sessions.close();
  });

  it('keeps the key when something could not be erased, so a retry finds what is left', async () => {
    const w = world();
    const lena = await serve(w, 'lena', LENA_EMAIL);
    // No workspace: the recorded deliverable cannot be resolved, so the erasure is incomplete.
    await expect(eraseSubject({ subject: 'lena', keys: w.keys, trail: w.trail, sessions: [w.sessions], signingKey: w.privatePem })).rejects.toMatchObject({ code: 'policy.dsar_incomplete' });
    expect(w.keys.find('lena')).toBeDefined();
    const retried = await eraseSubject({ subject: 'lena', keys: w.keys, trail: w.trail, sessions: [w.sessions], workspace: w.dir, signingKey: w.privatePem });
    expect(retried.erased).toMatchObject({ sessions: 0, deliverables: 1, keyDestroyed: true });
    expect(existsSync(join(w.dir, lena.file))).toBe(false);
    await w.sessions.close();
  });

  it('never deletes a recorded path outside the workspace', async () => {
    const w = world();
    await serve(w, 'lena', LENA_EMAIL);
    const outside = join(mkdtempSync(join(tmpdir(), 'warden-dsar-out-')), 'keep.txt');
    writeFileSync(outside, 'not theirs');
    await w.audit.recordEvent({ type: 'change_set', runId: [...w.subjectOfRun.keys()][0] as string, at: new Date().toISOString(), changes: [{ path: outside, effectClass: 'write', approvedBy: 'policy', rule: 'r', tool: 't' }] });
    await expect(eraseSubject({ subject: 'lena', keys: w.keys, trail: w.trail, workspace: w.dir, signingKey: w.privatePem })).rejects.toMatchObject({ code: 'policy.dsar_incomplete' });
    expect(existsSync(outside)).toBe(true);
    await w.sessions.close();
  });
});

function readdirKeys(w: World): string[] {
  return readdirSync(w.keys.dir);
}

import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { memorySessionStore } from '@warden/protocol/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { entryHash, type AuditEntry } from './audit-entry.js';
import { argsDigest, auditLog } from './audit-log.js';
import { jsonlAuditSink, memoryAuditSink } from './audit-sinks.js';
import { sessionAuditSink } from './session-audit-sink.js';
import { verifyAudit } from './verify-audit.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = 'audit-key-0123456789';
const at = '2026-01-01T00:00:00.000Z';

const events: RunEvent[] = [
  { type: 'run_start', runId: 'r1', at, task: 'fix the bug for jane@example.com', provider: 'scripted', model: 'm' },
  { type: 'tool_call', runId: 'r1', at, step: 0, callId: 'c1', name: 'write_file', args: { path: 'a.txt', content: 'card 4111 1111 1111 1111' } },
  { type: 'tool_decision', runId: 'r1', at, step: 0, callId: 'c1', name: 'write_file', decision: { effect: 'ask', rule: 'mode.safe', reason: 'r' }, approval: { outcome: 'approved', by: 'bob' } },
  { type: 'tool_result', runId: 'r1', at, step: 0, callId: 'c1', name: 'write_file', status: 'ok', isError: false, content: [{ type: 'text', text: 'written' }], durationMs: 3 },
  { type: 'taint', runId: 'r1', at, source: 'tool:web_fetch', reason: 'open world' },
  { type: 'text_delta', runId: 'r1', at, step: 0, text: 'ignored' },
];

async function filled(sink = memoryAuditSink(), options: { key?: string; auditArgs?: 'hash' } = { key: KEY }) {
  const log = auditLog({ sink, ...options });
  for (const event of events) await log.recordEvent(event);
  await log.record('note', { text: 'manual entry' }, 'r1');
  return { sink, log };
}

describe('audit trail', () => {
  it('chains and signs entries, and verifies', async () => {
    const { sink, log } = await filled();
    expect(sink.lines).toHaveLength(6);
    const entries = sink.lines.map((l) => JSON.parse(l) as { kind: string; seq: number; prev: string; hash: string; sig?: string });
    expect(entries.map((e) => e.kind)).toEqual(['run_start', 'tool_call', 'decision', 'execution', 'taint', 'note']);
    expect(entries[1]?.prev).toBe(entries[0]?.hash);
    expect(entries[0]?.sig).toMatch(/^hmac-sha256:/);
    const result = await verifyAudit(sink.lines, KEY);
    expect(result).toMatchObject({ ok: true, entries: 6, signaturesChecked: true });
    expect(result.head).toBe(await log.head());
    expect(await verifyAudit(sink.lines)).toMatchObject({ ok: true, signaturesChecked: false });
  });

  it('reports the first edited entry', async () => {
    const { sink } = await filled();
    const lines = [...sink.lines];
    lines[2] = lines[2]!.replace('"approved"', '"denied"');
    expect(await verifyAudit(lines, KEY)).toMatchObject({ ok: false, entries: 2, firstBad: { line: 3, seq: 3, problem: expect.stringContaining('edited') } });
  });

  it('reports removed, reordered and torn entries', async () => {
    const { sink } = await filled();
    const removed = sink.lines.filter((_, i) => i !== 1);
    expect((await verifyAudit(removed, KEY)).firstBad).toMatchObject({ line: 2, problem: expect.stringContaining('sequence') });
    const swapped = [sink.lines[0]!, sink.lines[2]!, sink.lines[1]!, ...sink.lines.slice(3)];
    expect((await verifyAudit(swapped, KEY)).firstBad?.line).toBe(2);
    const torn = [...sink.lines.slice(0, 3), sink.lines[3]!.slice(0, 20)];
    expect((await verifyAudit(torn, KEY)).firstBad).toMatchObject({ line: 4, problem: expect.stringContaining('not an audit entry') });
  });

  it('detects a forged entry whose hashes were recomputed, given the key', async () => {
    const forge = (lines: string[]): string[] => {
      let prev = '';
      return lines.map((line, i) => {
        const e = JSON.parse(line) as AuditEntry;
        if (i === 2) e.data = { forged: true };
        if (i >= 2) {
          e.prev = prev;
          e.hash = entryHash(e);
        }
        prev = e.hash;
        return JSON.stringify(e);
      });
    };
    const signed = await filled();
    expect((await verifyAudit(forge(signed.sink.lines), KEY)).firstBad).toMatchObject({ line: 3, problem: expect.stringContaining('signature') });
    // Without a key a rebuilt chain verifies: that is what the key is for.
    const unsigned = await filled(memoryAuditSink(), {});
    expect(await verifyAudit(forge(unsigned.sink.lines))).toMatchObject({ ok: true });
    const stripped = signed.sink.lines.map((l) => {
      const e = JSON.parse(l) as Record<string, unknown>;
      delete e.sig;
      return JSON.stringify(e);
    });
    expect((await verifyAudit(stripped, KEY)).firstBad).toMatchObject({ line: 1, problem: 'it is not signed' });
    expect((await verifyAudit(signed.sink.lines, 'another-key-00000')).firstBad).toMatchObject({ line: 1, problem: expect.stringContaining('signature') });
  });

  it('stores arguments and the task as digests with auditArgs: hash', async () => {
    const { sink } = await filled(memoryAuditSink(), { auditArgs: 'hash' });
    const text = sink.lines.join('\n');
    // The card number as written (a bare '4111' also turns up inside random hex hashes).
    expect(text).not.toContain('4111 1111');
    expect(text).not.toContain('a.txt');
    expect(text).not.toContain('jane@example.com');
    expect(text).toContain(argsDigest({ path: 'a.txt', content: 'card 4111 1111 1111 1111' }));
    expect(await verifyAudit(sink.lines)).toMatchObject({ ok: true, entries: 6 });
  });

  it('writes JSONL files, continues the chain across processes and verifies from the file', async () => {
    const file = join(dir, 'nested', 'audit.jsonl');
    const first = auditLog({ sink: jsonlAuditSink(file), key: KEY });
    await first.record('a', { n: 1 });
    await Promise.all([first.record('b', { n: 2 }), first.record('c', { n: 3 })]);
    const second = auditLog({ sink: jsonlAuditSink(file), key: KEY });
    await second.record('d', { n: 4 });
    expect(await verifyAudit(file, KEY)).toMatchObject({ ok: true, entries: 4 });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    writeFileSync(file, `${[lines[0], lines[1]!.replace('"n":2', '"n":20'), ...lines.slice(2)].join('\n')}\n`);
    expect((await verifyAudit(file, KEY)).firstBad?.line).toBe(2);
  });

  it('a torn tail (an append a killed writer never finished) is reported, not counted, and cut off when the trail continues', async () => {
    const file = join(dir, 'torn.jsonl');
    await auditLog({ sink: jsonlAuditSink(file) }).record('a', {});
    appendFileSync(file, '{"seq":2,"at":');
    expect(await verifyAudit(file)).toMatchObject({ ok: true, entries: 1, tornTail: true });
    await auditLog({ sink: jsonlAuditSink(file) }).record('b', {});
    expect(await verifyAudit(file)).toEqual(expect.objectContaining({ ok: true, entries: 2 }));
    expect((await verifyAudit(file)).tornTail).toBeUndefined();
    expect(readFileSync(file, 'utf8')).not.toContain('{"seq":2,"at":{');
  });

  it('still refuses to continue a trail whose last whole line is not an entry (edited, not torn)', async () => {
    const file = join(dir, 'edited.jsonl');
    await auditLog({ sink: jsonlAuditSink(file) }).record('a', {});
    appendFileSync(file, '{"not":"an entry"}\n');
    await expect(auditLog({ sink: jsonlAuditSink(file) }).record('b', {})).rejects.toMatchObject({ code: 'policy.audit_corrupt' });
  });

  it('can live in any SessionStore as meta records', async () => {
    const store = memorySessionStore();
    const { id } = await store.create({ owner: { userId: 'u' } });
    const log = auditLog({ sink: sessionAuditSink(store, id), key: KEY });
    await log.record('a', { n: 1 });
    await log.record('b', { n: 2 });
    const again = auditLog({ sink: sessionAuditSink(store, id), key: KEY });
    await again.record('c', { n: 3 });
    const { records } = await store.load(id);
    const lines = records.flatMap((r) => (r.type === 'meta' && r.key === 'audit' && typeof r.value === 'string' ? [r.value] : []));
    expect(await verifyAudit(lines, KEY)).toMatchObject({ ok: true, entries: 3 });
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from './audit-log.js';
import { jsonlAuditSink } from './audit-sinks.js';
import { verifyAudit } from './verify-audit.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-audit-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("jsonlAuditSink({ sync: 'none' | 'always' }): lines in call order", () => {
  it.each(['none', 'always'] as const)("'%s': appends not awaited one by one still reach the file in the order they were called, and the chain verifies", async (sync) => {
    const file = join(dir, `order-${sync}`, 'audit.jsonl');
    const sink = jsonlAuditSink(file, { sync });
    // Big and small lines interleaved: unchained writes on the thread pool finish out of order.
    const lines = Array.from({ length: 60 }, (_, i) => JSON.stringify({ n: i, pad: 'x'.repeat(i % 2 === 0 ? 400_000 : 10) }));
    await Promise.all(lines.map((line) => sink.append(line)));
    expect(readFileSync(file, 'utf8')).toBe(lines.map((l) => `${l}\n`).join(''));
    const log = auditLog({ sink: jsonlAuditSink(join(dir, `order-${sync}`, 'trail.jsonl'), { sync }) });
    await Promise.all(Array.from({ length: 30 }, (_, i) => log.record('step', { i, pad: 'y'.repeat((i * 53) % 700) })));
    expect(await verifyAudit(join(dir, `order-${sync}`, 'trail.jsonl'))).toMatchObject({ ok: true, entries: 30 });
  });
});

describe("jsonlAuditSink({ sync: 'group' })", () => {
  it('lines appended while a write is in flight share one fdatasync; every append resolves only once its line is in the file', async () => {
    const file = join(dir, 'group', 'audit.jsonl');
    const syncs: number[] = [];
    const sink = jsonlAuditSink(file, { sync: 'group', onSync: (n) => syncs.push(n) });
    const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify({ n: i }));
    await Promise.all(
      lines.map(async (line) => {
        await sink.append(line);
        expect(readFileSync(file, 'utf8')).toContain(`${line}\n`);
      }),
    );
    expect(readFileSync(file, 'utf8')).toBe(lines.map((l) => `${l}\n`).join(''));
    expect(syncs.reduce((a, b) => a + b, 0)).toBe(40);
    expect(syncs.length).toBeLessThan(40);
    expect(await sink.last()).toBe(lines[39]);
  });

  it("'flush' writes each line at once, in call order, and makes them all durable with one fdatasync on sync()", async () => {
    const file = join(dir, 'flush', 'audit.jsonl');
    const syncs: number[] = [];
    const sink = jsonlAuditSink(file, { sync: 'flush', onSync: (n) => syncs.push(n) });
    const log = auditLog({ sink });
    const entries = await Promise.all(Array.from({ length: 12 }, (_, i) => log.record('step', { i })));
    // On the file (the OS has it) before any sync: a killed process loses none of them.
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(12);
    expect(syncs).toEqual([]);
    await sink.sync?.();
    expect(syncs).toEqual([12]);
    await sink.sync?.(); // nothing new: no sync
    expect(syncs).toEqual([12]);
    await log.record('after', {});
    await sink.sync?.();
    expect(syncs).toEqual([12, 1]);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const check = await verifyAudit(file);
    expect(check).toMatchObject({ ok: true, entries: 13 });
  });

  it("'always' syncs each line on its own; 'none' keeps the old behaviour", async () => {
    const syncs: number[] = [];
    const always = jsonlAuditSink(join(dir, 'always.jsonl'), { sync: 'always', onSync: (n) => syncs.push(n) });
    await Promise.all(['a', 'b', 'c'].map((l) => always.append(l)));
    expect(syncs).toEqual([1, 1, 1]);
    const none = jsonlAuditSink(join(dir, 'none.jsonl'), { onSync: (n) => syncs.push(n) });
    await none.append('x');
    expect(syncs).toHaveLength(3);
    expect(readFileSync(join(dir, 'none.jsonl'), 'utf8')).toBe('x\n');
  });

  it('an audit log on a group-committed file keeps a chain that verifies', async () => {
    const file = join(dir, 'chain.jsonl');
    const log = auditLog({ sink: jsonlAuditSink(file, { sync: 'group' }) });
    await Promise.all(Array.from({ length: 10 }, (_, i) => log.record('tool_call', { n: i }, 'r1')));
    const result = await verifyAudit(file);
    expect(result).toMatchObject({ ok: true, entries: 10 });
  });

  it('a failed write rejects every append of its batch', async () => {
    const sink = jsonlAuditSink(join(dir, 'not-a-dir.jsonl', 'audit.jsonl'), { sync: 'group' });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'not-a-dir.jsonl'), 'a file, not a directory');
    await expect(Promise.all([sink.append('a'), sink.append('b')])).rejects.toBeTruthy();
  });
});

describe('auditLog over a group-committing sink', () => {
  function slowSink() {
    const lines: string[] = [];
    const pending: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
    return {
      lines,
      pending,
      append(line: string) {
        lines.push(line);
        return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
      },
      async last() {
        return undefined;
      },
    };
  }

  it('hands the next entry to the sink without waiting for the previous one to be durable, chained in call order', async () => {
    const sink = slowSink();
    const log = auditLog({ sink });
    const done = [log.record('a', 1), log.record('b', 2), log.record('c', 3)];
    await new Promise((resolve) => setImmediate(resolve));
    // All three reached the sink while none was acknowledged: one fdatasync can carry them.
    expect(sink.lines.map((l) => (JSON.parse(l) as { kind: string }).kind)).toEqual(['a', 'b', 'c']);
    let settled = false;
    void Promise.all(done).then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    for (const p of sink.pending) p.resolve();
    const entries = await Promise.all(done);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(entries[1]!.prev).toBe(entries[0]!.hash);
    expect(entries[2]!.prev).toBe(entries[1]!.hash);
  });

  it('refuses every entry after a failed append: the chain would have a gap', async () => {
    const sink = slowSink();
    const log = auditLog({ sink });
    const first = log.record('a', 1);
    await new Promise((resolve) => setImmediate(resolve));
    sink.pending[0]!.reject(new Error('disk full'));
    await expect(first).rejects.toThrow('disk full');
    await expect(log.record('b', 2)).rejects.toThrow('disk full');
    expect(sink.lines).toHaveLength(1);
  });

  it('head() waits for the last entry to be written', async () => {
    const sink = slowSink();
    const log = auditLog({ sink });
    const entry = log.record('a', 1);
    let headed = false;
    const head = log.head().then((h) => {
      headed = true;
      return h;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(headed).toBe(false);
    sink.pending[0]!.resolve();
    expect(await head).toBe((await entry).hash);
  });
});

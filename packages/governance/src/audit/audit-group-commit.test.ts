import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from './audit-log.js';
import { jsonlAuditSink } from './audit-sinks.js';
import { verifyAudit } from './verify-audit.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-audit-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFromRecords, INTERRUPTED_RESULT_TEXT } from '@warden/protocol/history';
import { SessionError } from '@warden/protocol';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { repairSession } from '../src/jsonl-repair.js';
import { contractRecords as R } from '../src/contract-records.js';
import { tempDir, useFixture } from './helpers/temp-dir.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});
function setup(fixture: string) {
  const t = tempDir('fixture');
  cleanups.push(t.cleanup);
  const file = useFixture(t.dir, fixture);
  return { dir: t.dir, file, store: jsonlSessionStore({ dir: t.dir }) };
}
const ids = (records: { id: string }[]) => records.map((r) => r.id);

describe('JSONL fixtures: load repairs what it finds', () => {
  it('loads a valid file as written, without warnings', async () => {
    const { store } = setup('valid');
    const loaded = await store.load('fixture', { userId: 'u1' });
    expect(loaded.version).toBe(5);
    expect(loaded.warnings).toEqual([]);
    expect(ids(loaded.records)).toEqual(['fixture:header', 'm1', 'm2', 'tc1', 'tr1', 'm3', 'meta1']);
    expect(loaded.owner).toEqual({ userId: 'u1', tenantId: 't1' });
  });

  it('cuts a torn final line into a .torn side file and keeps working', async () => {
    const { store, file } = setup('torn-tail');
    const before = readFileSync(file, 'utf8');
    const loaded = await store.load('fixture');
    expect(loaded.version).toBe(5);
    expect(loaded.warnings.join('\n')).toMatch(/cut a torn tail at line 8 \(torn line \(no newline\)\)/);
    const torn = readFileSync(`${file}.torn`, 'utf8');
    expect(torn).toContain(before.slice(readFileSync(file, 'utf8').length));
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(new URL('./__fixtures__/valid.jsonl', import.meta.url), 'utf8'));
    await store.append('fixture', [R.user('after the crash')], { expectedVersion: 5 });
    const again = await jsonlSessionStore({ dir: store.dir }).load('fixture');
    expect(again.warnings).toEqual([]);
    expect(R.userTexts(again.records)).toEqual(['hello', 'after the crash']);
  });

  it('cuts a final line that parses as JSON but fails its checksum', async () => {
    const { store, file } = setup('corrupt-tail');
    const loaded = await store.load('fixture');
    expect(loaded.warnings.join('\n')).toMatch(/line 8 \(unfinished append \(1 of 2 records\)\)/);
    expect(loaded.version).toBe(5);
    expect(readFileSync(`${file}.torn`, 'utf8')).toContain('"OK"');
  });

  it('drops an append that lost its last line, so appends stay atomic', async () => {
    const { store } = setup('unfinished-append');
    const loaded = await store.load('fixture');
    expect(loaded.version).toBe(5);
    expect(ids(loaded.records)).not.toContain('m4');
    expect(loaded.warnings.join('\n')).toMatch(/unfinished append \(1 of 2 records\)/);
  });

  it('refuses a corrupt line in the middle, naming it, and repair salvages the rest', async () => {
    const { store, file } = setup('corrupt-middle');
    const original = readFileSync(file);
    const error = await store.load('fixture').catch((e: unknown) => e);
    expect(SessionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'session.corrupt' });
    expect((error as Error).message).toMatch(/fixture\.jsonl is corrupt at line 3: checksum mismatch/);
    await expect(store.append('fixture', [R.user('x')], { expectedVersion: 5 })).rejects.toMatchObject({ code: 'session.corrupt' });
    // Someone else learns nothing, not even that the file is damaged.
    await expect(store.load('fixture', { userId: 'intruder' })).rejects.toMatchObject({ code: 'session.not_found' });
    await expect(store.append('fixture', [R.user('x')], { expectedVersion: 5, owner: { userId: 'intruder' } })).rejects.toMatchObject({
      code: 'session.not_found',
    });

    const report = await store.repair('fixture');
    expect(report.dropped).toEqual([{ line: 3, reason: 'checksum mismatch' }]);
    expect(report.kept).toBe(6);
    expect(readFileSync(report.original).equals(original)).toBe(true);
    const repaired = await store.load('fixture');
    expect(repaired.version).toBe(5);
    expect(ids(repaired.records)).toEqual(['fixture:header', 'm1', 'tc1', 'tr1', 'm3', 'meta1']);
    expect(JSON.stringify(repaired.records)).not.toContain('rm_rf_all');
    await store.append('fixture', [R.user('still usable')], { expectedVersion: 5 });
    expect((await store.load('fixture')).version).toBe(6);
  });

  it('skips a line written twice', async () => {
    const { store } = setup('duplicate-lines');
    const loaded = await store.load('fixture');
    expect(loaded.version).toBe(5);
    expect(loaded.warnings).toContain('skipped 1 line(s) written twice');
    expect(ids(loaded.records)).toEqual(['fixture:header', 'm1', 'm2', 'tc1', 'tr1', 'm3', 'meta1']);
    await store.append('fixture', [R.user('more')], { expectedVersion: 5 });
    expect((await store.load('fixture')).version).toBe(6);
  });

  it('collapses a tool row written twice (same call id) to the first', async () => {
    const { store } = setup('duplicate-tool-rows');
    const loaded = await store.load('fixture');
    expect(loaded.warnings).toContain('collapsed 1 duplicate tool row(s) (same call id)');
    expect(loaded.records.filter((r) => r.type === 'tool_result').map((r) => r.id)).toEqual(['tr1']);
  });

  it('gives a tool call that never finished an explicit interrupted result', async () => {
    const { store } = setup('interrupted');
    const loaded = await store.load('fixture');
    expect(loaded.warnings.join('\n')).toMatch(/1 tool call\(s\) had no result \(interrupted\): c9/);
    const history = historyFromRecords(loaded.records);
    expect(history.interruptedCallIds).toEqual([]);
    expect(history.messages[2]).toEqual({
      role: 'tool',
      parts: [{ type: 'tool_result', callId: 'c9', name: 'shell', isError: true, content: [{ type: 'text', text: INTERRUPTED_RESULT_TEXT }] }],
    });
  });

  it('restores only the latest compaction and what follows it', async () => {
    const { store } = setup('valid');
    await store.append('fixture', [R.compaction('sum', [{ role: 'user', parts: [{ type: 'text', text: 'summary' }] }], 'cmp')], { expectedVersion: 5 });
    await store.append('fixture', [R.user('after', 'after')], { expectedVersion: 6 });
    const loaded = await store.load('fixture');
    expect(ids(loaded.records)).toEqual(['fixture:header', 'cmp', 'after']);
  });

  it('repairSession on a healthy file keeps every record, the version and the original', async () => {
    const { file } = setup('valid');
    const report = await repairSession(file);
    expect(report).toMatchObject({ kept: 7, dropped: [], version: 5 });
    expect(readFileSync(file, 'utf8').split('\n').length).toBe(readFileSync(report.original, 'utf8').split('\n').length);
    expect(existsSync(report.original)).toBe(true);
  });
});

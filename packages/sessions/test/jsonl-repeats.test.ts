import { appendFileSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from '../src/jsonl-frame.js';
import { repairSession } from '../src/jsonl-repair.js';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { contractRecords as R } from '../src/contract-records.js';
import { tempDir } from './helpers/temp-dir.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

/** A session `s` with a header and three appends (versions 2..4), its file, and its lines. */
async function session() {
  const t = tempDir('repeats');
  cleanups.push(t.cleanup);
  const store = jsonlSessionStore({ dir: t.dir });
  await store.create({ id: 's' });
  for (let v = 1; v <= 3; v++) await store.append('s', [R.user(`message ${v}`)], { expectedVersion: v, opId: `op-${v}` });
  const file = store.pathOf('s');
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return { dir: t.dir, store, file, lines };
}

/** Line `line` (0-based) rewritten with another record but the same sequence number, version and position. */
function conflictingCopy(line: string, text: string): string {
  const decoded = decodeFrame(line);
  if (!decoded.ok) throw new Error(decoded.reason);
  const { v: _v, sum: _sum, payload: _payload, ...frame } = decoded.frame;
  return encodeFrame({ ...frame, payload: JSON.stringify({ ...R.user(text), id: frame.id }) });
}

describe('a line whose sequence number was already used', () => {
  it('a byte-identical repeat is skipped with a warning (ordinary load still works)', async () => {
    const { dir, file, lines } = await session();
    appendFileSync(file, `${lines[2]!}\n`);
    const loaded = await jsonlSessionStore({ dir }).load('s');
    expect(loaded.warnings).toEqual(['skipped 1 line(s) written twice']);
    expect(R.userTexts(loaded.records)).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it.each([
    ['at the end of the file', (lines: string[], bad: string) => [...lines, bad]],
    ['in the middle of the file', (lines: string[], bad: string) => [...lines.slice(0, 3), bad, ...lines.slice(3)]],
  ])('a different line with a repeated sequence number %s is corruption, named on load', async (_where, place) => {
    const { dir, file, lines } = await session();
    const bad = conflictingCopy(lines[1]!, 'forged message');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, `${place(lines, bad.trimEnd()).join('\n')}\n`);
    const error = await jsonlSessionStore({ dir }).load('s').catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'session.corrupt' });
    expect(String((error as Error).message)).toMatch(/repeats line seq 2 with different content/);
  });

  it('a writer whose cached state predates the conflicting line refuses to append past it', async () => {
    const { store, file, lines } = await session();
    appendFileSync(file, conflictingCopy(lines[1]!, 'forged message'));
    await expect(store.append('s', [R.user('next')], { expectedVersion: 4 })).rejects.toMatchObject({ code: 'session.corrupt' });
  });

  it('repair keeps the first copy and reports what it dropped, and which record it was', async () => {
    const { dir, file, lines } = await session();
    appendFileSync(file, conflictingCopy(lines[2]!, 'forged message'));
    appendFileSync(file, `${lines[3]!}\n`);
    const report = await repairSession(file);
    expect(report.dropped).toEqual([
      { line: 5, reason: expect.stringMatching(/repeats line seq 3 with different content/) },
      { line: 6, reason: 'written twice' },
    ]);
    const loaded = await jsonlSessionStore({ dir }).load('s');
    expect(R.userTexts(loaded.records)).toEqual(['message 1', 'message 2', 'message 3']);
    expect(readFileSync(report.original, 'utf8')).toContain('forged message');
  });
});

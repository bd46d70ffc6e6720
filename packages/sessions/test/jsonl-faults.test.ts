import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { historyFromRecords } from '@warden/protocol/history';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { nodeJsonlIo, type JsonlIo } from '../src/jsonl-io.js';
import { appendWithRebase } from '../src/append-with-rebase.js';
import { contractRecords as R } from '../src/contract-records.js';
import { tempDir } from './helpers/temp-dir.js';

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});
function dir(): string {
  const t = tempDir('faults');
  cleanups.push(t.cleanup);
  return t.dir;
}
const errno = (code: string): Error => Object.assign(new Error(`${code}: injected`), { code });

describe('JSONL store under faults', () => {
  it('reports a full disk (ENOSPC mid-write) as session.io and leaves the file loadable', async () => {
    const d = dir();
    let full = false;
    const io: JsonlIo = {
      ...nodeJsonlIo,
      async write(handle, buffer, offset, length) {
        if (!full) return nodeJsonlIo.write(handle, buffer, offset, length);
        // Half of the bytes land, then the disk is full: a short write, and the retry fails.
        if (offset === 0) return nodeJsonlIo.write(handle, buffer, offset, Math.ceil(length / 2));
        throw errno('ENOSPC');
      },
    };
    const store = jsonlSessionStore({ dir: d, io });
    const { id } = await store.create({});
    await store.append(id, [R.user('before')], { expectedVersion: 1 });
    full = true;
    const error = await store.append(id, [R.user('does not fit')], { expectedVersion: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'session.io', message: expect.stringContaining('ENOSPC') });
    expect((error as { hint: string }).hint).toMatch(/disk is full/);
    full = false;
    const reader = jsonlSessionStore({ dir: d });
    const loaded = await reader.load(id);
    expect(loaded.version).toBe(2);
    expect(R.userTexts(loaded.records)).toEqual(['before']);
    await store.append(id, [R.user('after space was freed')], { expectedVersion: 2 });
    expect(R.userTexts((await reader.load(id)).records)).toEqual(['before', 'after space was freed']);
  });

  it('loops over short writes and fsyncs the file and, after a create, its directory', async () => {
    const d = dir();
    const synced: string[] = [];
    const io: JsonlIo = {
      // The kernel may write less than asked: here, at most 7 bytes per call.
      write: (handle, buffer, offset, length) => nodeJsonlIo.write(handle, buffer, offset, Math.min(length, 7)),
      async sync(handle) {
        synced.push((await handle.stat()).isDirectory() ? 'dir' : 'file');
        return nodeJsonlIo.sync(handle);
      },
    };
    const store = jsonlSessionStore({ dir: d, io });
    const { id } = await store.create({});
    expect(synced).toEqual(['file', 'dir']);
    await store.append(id, [R.user('written seven bytes at a time'), R.assistant('ok')], { expectedVersion: 1 });
    expect(synced).toEqual(['file', 'dir', 'file']);
    const loaded = await jsonlSessionStore({ dir: d }).load(id);
    expect(loaded.warnings).toEqual([]);
    expect(R.userTexts(loaded.records)).toEqual(['written seven bytes at a time']);
  });

  it('treats a failed fsync as fatal: never retried into a false success', async () => {
    const d = dir();
    let failSync = false;
    const io: JsonlIo = {
      ...nodeJsonlIo,
      async sync(handle) {
        if (failSync) throw errno('EIO');
        return nodeJsonlIo.sync(handle);
      },
    };
    const store = jsonlSessionStore({ dir: d, io });
    const { id } = await store.create({});
    failSync = true;
    await expect(store.append(id, [R.user('maybe lost')], { expectedVersion: 1 })).rejects.toMatchObject({ code: 'session.io' });
    failSync = false;
    await expect(store.append(id, [R.user('next')], { expectedVersion: 2 })).rejects.toMatchObject({ code: 'session.io' });
    await expect(store.load(id)).rejects.toMatchObject({ code: 'session.io' });
    expect((await jsonlSessionStore({ dir: d }).load(id)).version).toBeGreaterThanOrEqual(1);
  });

  it('reports a failed batch fsync on the next call', async () => {
    const d = dir();
    let failSync = false;
    const io: JsonlIo = {
      ...nodeJsonlIo,
      async sync(handle) {
        if (failSync) throw errno('EIO');
        return nodeJsonlIo.sync(handle);
      },
    };
    const store = jsonlSessionStore({ dir: d, io, fsync: 'batch', batchIntervalMs: 1 });
    const { id } = await store.create({});
    failSync = true;
    await store.append(id, [R.user('buffered')], { expectedVersion: 1 });
    await expect(store.flush()).rejects.toMatchObject({ code: 'session.io' });
    await expect(store.append(id, [R.user('x')], { expectedVersion: 2 })).rejects.toMatchObject({ code: 'session.io' });
  });

  it('breaks a lock left by a dead process and waits for a live one', async () => {
    const d = dir();
    const store = jsonlSessionStore({ dir: d, lockTimeoutMs: 150 });
    const { id } = await store.create({});
    const lock = `${store.pathOf(id)}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), token: 'dead' }));
    await store.append(id, [R.user('after a crash')], { expectedVersion: 1 });
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), token: 'someone-else' }));
    await expect(store.append(id, [R.user('blocked')], { expectedVersion: 2 })).rejects.toMatchObject({ code: 'session.locked' });
    expect(readFileSync(lock, 'utf8')).toContain('someone-else');
  });

  it('keeps every turn once when 8 store instances (as 8 processes would) race from one version', async () => {
    const d = dir();
    const first = jsonlSessionStore({ dir: d });
    const { id } = await first.create({ owner: { userId: 'u' } });
    const base = await first.load(id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, k) => appendWithRebase(jsonlSessionStore({ dir: d }), id, [R.user(`turn ${k}`)], { base, opId: `op-${k}` })),
    );
    expect(results.map((r) => r.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    const loaded = await first.load(id);
    expect(R.userTexts(loaded.records).sort()).toEqual(Array.from({ length: 8 }, (_, k) => `turn ${k}`));
    expect(loaded.warnings).toEqual([]);
  });

  it('batch mode makes appends durable by close()', async () => {
    const d = dir();
    const store = jsonlSessionStore({ dir: d, fsync: 'batch', batchIntervalMs: 10_000 });
    const { id } = await store.create({});
    let version = 1;
    for (let i = 0; i < 5; i++) version = (await store.append(id, [R.user(`b${i}`)], { expectedVersion: version })).version;
    await store.close();
    const loaded = await jsonlSessionStore({ dir: d, fsync: 'never' }).load(id);
    expect(historyFromRecords(loaded.records).messages).toHaveLength(5);
  });

  it('refuses ids that could leave the directory, as if they did not exist', async () => {
    const store = jsonlSessionStore({ dir: dir() });
    for (const id of ['../etc/passwd', 'a/b', '.hidden', '']) {
      await expect(store.load(id)).rejects.toMatchObject({ code: 'session.not_found' });
    }
    await expect(store.create({ id: '../escape' })).rejects.toMatchObject({ code: 'session.not_found' });
  });

  it('deleting a session that does not exist is session.not_found, even before the folder exists', async () => {
    const store = jsonlSessionStore({ dir: `${dir()}/never-created` });
    await expect(store.delete('s_missing')).rejects.toMatchObject({ code: 'session.not_found' });
    const existing = jsonlSessionStore({ dir: dir() });
    const { id } = await existing.create({});
    await expect(existing.delete('s_other')).rejects.toMatchObject({ code: 'session.not_found' });
    await existing.delete(id);
    await expect(existing.delete(id)).rejects.toMatchObject({ code: 'session.not_found' });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { jsonlSessionStore } from '../src/jsonl-store.js';
import { contractRecords as R } from '../src/contract-records.js';
import { tempDir } from './helpers/temp-dir.js';

const tmp = tempDir('cache');
afterAll(() => tmp.cleanup());

describe('a long-lived JSONL store keeps a bounded cache', () => {
  it('2,000 sessions written by one store keep at most maxCachedSessions scans in memory', async () => {
    const store = jsonlSessionStore({ dir: `${tmp.dir}/many`, fsync: 'never', maxCachedSessions: 100 });
    let peak = 0;
    for (let i = 0; i < 2000; i++) {
      const { id } = await store.create({ id: `s${i}` });
      await store.append(id, [R.user(`hello ${i}`)], { expectedVersion: 1, opId: `op-${i}` });
      peak = Math.max(peak, store.stats().cachedSessions);
    }
    expect(peak).toBeLessThanOrEqual(100);
    expect(store.stats().cachedSessions).toBe(100);
    await store.close();
  }, 120_000);

  it('the default bound is 256', async () => {
    const store = jsonlSessionStore({ dir: `${tmp.dir}/default`, fsync: 'never' });
    for (let i = 0; i < 300; i++) {
      await store.create({ id: `s${i}` });
      await store.append(`s${i}`, [R.user('x')], { expectedVersion: 1 });
    }
    expect(store.stats().cachedSessions).toBe(256);
    await store.close();
  });

  it('a session dropped from the cache is read back from its file: versions and idempotency hold', async () => {
    const store = jsonlSessionStore({ dir: `${tmp.dir}/evicted`, fsync: 'never', maxCachedSessions: 2 });
    await store.create({ id: 'a' });
    await store.append('a', [R.user('one')], { expectedVersion: 1, opId: 'turn-1' });
    for (const id of ['b', 'c', 'd']) {
      await store.create({ id });
      await store.append(id, [R.user('x')], { expectedVersion: 1 });
    }
    expect(await store.append('a', [R.user('one')], { expectedVersion: 1, opId: 'turn-1' })).toEqual({ version: 2, duplicate: true });
    await expect(store.append('a', [R.user('two')], { expectedVersion: 1 })).rejects.toMatchObject({ code: 'session.version_conflict' });
    expect(await store.append('a', [R.user('two')], { expectedVersion: 2 })).toEqual({ version: 3 });
    expect(R.userTexts((await store.load('a')).records)).toEqual(['one', 'two']);
    await store.close();
  });

  it('listing summaries are dropped with the files they describe', async () => {
    const store = jsonlSessionStore({ dir: `${tmp.dir}/listed`, fsync: 'never' });
    for (let i = 0; i < 20; i++) await store.create({ id: `s${i}` });
    expect(await store.list()).toHaveLength(20);
    for (let i = 0; i < 15; i++) await store.delete(`s${i}`);
    expect(await store.list()).toHaveLength(5);
    expect(store.stats().cachedSummaries).toBe(5);
    await store.close();
  });
});

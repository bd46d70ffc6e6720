import { describe, expect, it } from 'vitest';
import { SessionError, type SessionStoreV1 } from '@warden/protocol';
import { memorySessionStore } from '@warden/protocol/testing';
import { appendWithRebase } from './append-with-rebase.js';
import { contractRecords as R } from './contract-records.js';

describe('appendWithRebase', () => {
  it('appends directly when nobody else wrote', async () => {
    const store = memorySessionStore();
    const { id } = await store.create({});
    const base = await store.load(id);
    expect(await appendWithRebase(store, id, [R.user('hi')], { base, opId: 'a' })).toEqual({ sessionId: id, version: 2, rebased: 0 });
  });

  it('re-bases after a winner and reports how many times', async () => {
    const store = memorySessionStore();
    const { id } = await store.create({});
    const base = await store.load(id);
    await store.append(id, [R.user('winner')], { expectedVersion: 1 });
    await store.append(id, [R.user('winner again')], { expectedVersion: 2 });
    const result = await appendWithRebase(store, id, [R.user('loser')], { base });
    expect(result).toEqual({ sessionId: id, version: 4, rebased: 1 });
    expect(R.userTexts((await store.load(id)).records)).toEqual(['winner', 'winner again', 'loser']);
  });

  it('gives up with the conflict after maxAttempts', async () => {
    const inner = memorySessionStore();
    const { id } = await inner.create({});
    const base = await inner.load(id);
    // A store where someone always gets there first.
    const busy: SessionStoreV1 = {
      ...inner,
      append: async (sid, records, options) => {
        const current = await inner.load(sid);
        await inner.append(sid, [R.user('someone else')], { expectedVersion: current.version });
        return inner.append(sid, records, options);
      },
    };
    const error = await appendWithRebase(busy, id, [R.user('mine')], { base, maxAttempts: 3 }).catch((e: unknown) => e);
    expect(SessionError.isInstance(error) && error.code).toBe('session.version_conflict');
    expect(R.userTexts((await inner.load(id)).records)).not.toContain('mine');
  });

  it('passes other errors through untouched', async () => {
    const store = memorySessionStore();
    const base = { version: 1, records: [] };
    await expect(appendWithRebase(store, 'missing', [R.user('x')], { base })).rejects.toMatchObject({ code: 'session.not_found' });
  });
});

import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisSessionStore } from '../src/redis-store.js';
import { contractRecords as R } from '../src/contract-records.js';
import { dropKeys, REDIS_URL, uniqueKeyPrefix } from './redis-helpers.js';

const keyPrefix = uniqueKeyPrefix('ttl');
const redis = new Redis(REDIS_URL);
afterAll(async () => {
  await dropKeys(keyPrefix);
  await redis.quit();
});

describe('Redis store with a TTL', () => {
  it('sets the TTL on every key of a session at each write', async () => {
    const store = redisSessionStore({ url: REDIS_URL, keyPrefix, ttlSeconds: 300 });
    try {
      const { id } = await store.create({ owner: { userId: 'u' } });
      await store.append(id, [R.user('hi')], { expectedVersion: 1, opId: 'op' });
      for (const key of [`${keyPrefix}s:{${id}}`, `${keyPrefix}r:{${id}}`, `${keyPrefix}o:{${id}}`]) {
        const ttl = await redis.ttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(300);
      }
    } finally {
      await store.close();
    }
  });

  it('drops an expired session from listings and answers not_found for it', async () => {
    const store = redisSessionStore({ url: REDIS_URL, keyPrefix, ttlSeconds: 300 });
    try {
      const owner = { userId: 'expiring' };
      const gone = await store.create({ owner });
      const kept = await store.create({ owner });
      // What expiry does: the session's keys vanish, its index entries stay behind.
      await redis.del(`${keyPrefix}s:{${gone.id}}`, `${keyPrefix}r:{${gone.id}}`);
      expect((await store.list(owner)).map((s) => s.id)).toEqual([kept.id]);
      expect(await redis.zscore(`${keyPrefix}idx:u:expiring`, gone.id)).toBeNull();
      await expect(store.load(gone.id, owner)).rejects.toMatchObject({ code: 'session.not_found' });
    } finally {
      await store.close();
    }
  });
});

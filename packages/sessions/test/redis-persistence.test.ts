import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisPersistenceOf } from '../src/redis-persistence.js';
import type { RedisLike } from '../src/redis-script.js';
import { redisSessionStore } from '../src/redis-store.js';
import { REDIS_URL } from './redis-helpers.js';

const redis = new Redis(REDIS_URL);
afterAll(() => redis.quit());

describe("the Redis server's persistence setting", () => {
  it('the store reports what the server says (INFO persistence, CONFIG GET appendfsync)', async () => {
    const store = redisSessionStore({ url: REDIS_URL });
    try {
      const reported = await store.persistence();
      const info = await redis.info('persistence');
      const aof = /^aof_enabled:1/m.test(info);
      const [, appendfsync] = (await redis.config('GET', 'appendfsync')) as [string, string];
      expect(reported).toMatchObject({ aof, appendfsync, durable: aof && appendfsync === 'always' });
      expect(reported.summary).toMatch(aof ? /AOF is on/ : /AOF is off: acknowledged writes are in memory/);
    } finally {
      await store.close();
    }
  });

  it('a server that refuses CONFIG (managed Redis) is still read through INFO', async () => {
    const refusing: RedisLike = {
      ...(redis as unknown as RedisLike),
      info: (section: string) => redis.info(section),
      config: () => Promise.reject(new Error("ERR unknown command 'CONFIG'")),
    };
    const reported = await redisPersistenceOf(refusing);
    expect(reported.appendfsync).toBeUndefined();
    expect(reported.durable).toBe(false);
    expect(typeof reported.aof).toBe('boolean');
  });

  it.each([
    ['aof_enabled:0', 'everysec', false, /AOF is off/, 'redis.aof_off'],
    ['aof_enabled:1', 'everysec', false, /last second/, 'redis.aof_everysec'],
    ['aof_enabled:1', 'always', true, /on disk/, 'redis.aof_always'],
    ['aof_enabled:1', 'no', false, /the OS decides/, 'redis.aof_os'],
  ] as const)('%s with appendfsync %s: durable=%s', async (aofLine, fsync, durable, summary, code) => {
    // The real server's replies, with these two fields set as a server configured so would answer.
    const info = (await redis.info('persistence')).replace(/^aof_enabled:\d/m, aofLine);
    const server: RedisLike = { ...(redis as unknown as RedisLike), info: async () => info, config: async () => ['appendfsync', fsync] };
    const reported = await redisPersistenceOf(server);
    expect(reported).toMatchObject({ aof: aofLine.endsWith('1'), appendfsync: fsync, durable });
    expect(reported.summary).toMatch(summary);
    // The same as a code a front end words in its own language.
    expect(reported.code).toBe(code);
    if (code === 'redis.aof_os') expect(reported.params).toEqual({ appendfsync: fsync });
  });
});

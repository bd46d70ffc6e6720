import { createHash } from 'node:crypto';

/** The few calls the Redis stores make; an `ioredis` client has them all. */
export interface RedisLike {
  evalsha(sha: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
  hmget(key: string, ...fields: string[]): Promise<(string | null)[]>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  zrevrange(key: string, start: number, stop: number): Promise<string[]>;
  zrem(key: string, ...members: string[]): Promise<number>;
  quit(): Promise<unknown>;
  /** INFO <section> (for `persistence()`). */
  info?(section: string): Promise<string>;
  /** CONFIG GET <name> (for `persistence()`; managed servers may refuse it). */
  config?(op: 'GET', name: string): Promise<unknown>;
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

/** A Lua script run by its SHA-1, loaded on the first NOSCRIPT. */
export interface RedisScript {
  run(redis: RedisLike, keys: string[], args: (string | number)[]): Promise<unknown>;
}

export function redisScript(source: string): RedisScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return {
    async run(redis, keys, args) {
      try {
        return await redis.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!String((error as Error).message).includes('NOSCRIPT')) throw error;
        return redis.eval(source, keys.length, ...keys, ...args);
      }
    },
  };
}

/** Owner fields travel as `'=' + value` when asked for and `''` when not (an empty id stays distinct). */
export const ownerArg = (value: string | undefined): string => (value === undefined ? '' : `=${value}`);

export const OWNER_CHECK_LUA = `
local function owner_ok(key, user_arg, tenant_arg)
  if user_arg ~= '' and redis.call('HGET', key, 'user') ~= string.sub(user_arg, 2) then return false end
  if tenant_arg ~= '' and redis.call('HGET', key, 'tenant') ~= string.sub(tenant_arg, 2) then return false end
  return true
end
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

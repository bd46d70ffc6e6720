import type { RedisLike } from './redis-script.js';

/**
 * What a crash of the server can lose, by a stable code (params: appendfsync for `redis.aof_os`)
 * beside the English `summary`, so a front end can say it in another language. Ids are public API.
 */
export const REDIS_PERSISTENCE = Object.freeze({
  'redis.aof_off': 'AOF is off: acknowledged writes are in memory until the next RDB snapshot.',
  'redis.aof_always': 'AOF is on with appendfsync always: an acknowledged write is on disk.',
  'redis.aof_everysec': 'AOF is on with appendfsync everysec: a crash can lose the last second.',
  'redis.aof_os': 'AOF is on and the OS decides when writes reach the disk (params: appendfsync).',
} as const);

export type RedisPersistenceCode = keyof typeof REDIS_PERSISTENCE;

/** How a Redis server keeps what it acknowledged (INFO persistence, CONFIG GET appendfsync). */
export interface RedisPersistence {
  /** The append-only file is on (`appendonly yes`). */
  aof: boolean;
  /** `always` | `everysec` | `no` when the server lets CONFIG be read; undefined otherwise. */
  appendfsync?: string;
  /** True only with AOF and `appendfsync always`: an acknowledged append survives a crash of the server. */
  durable: boolean;
  /** One line saying what a crash of the server can lose, in English. */
  summary: string;
  /** The same, as a code from `REDIS_PERSISTENCE` with its `params`. */
  code: RedisPersistenceCode;
  params?: Record<string, string>;
}

function infoField(info: string, name: string): string | undefined {
  const match = new RegExp(`^${name}:(.*)$`, 'm').exec(info);
  return match?.[1]?.trim();
}

/**
 * Reads the server's persistence setting. Redis acknowledges a write once it is in memory: unless
 * AOF is on, an acknowledged session append lives only in memory until the next RDB snapshot.
 */
export async function redisPersistenceOf(redis: RedisLike): Promise<RedisPersistence> {
  const info = redis.info ? await redis.info('persistence') : '';
  const aof = infoField(info, 'aof_enabled') === '1';
  let appendfsync: string | undefined;
  try {
    const reply = redis.config ? await redis.config('GET', 'appendfsync') : undefined;
    if (Array.isArray(reply) && typeof reply[1] === 'string') appendfsync = reply[1];
  } catch {
    // Managed servers often refuse CONFIG: INFO alone still says whether AOF is on.
  }
  const durable = aof && appendfsync === 'always';
  const base = { aof, ...(appendfsync !== undefined ? { appendfsync } : {}), durable };
  if (!aof) return { ...base, code: 'redis.aof_off', summary: 'AOF is off: acknowledged writes are in memory until the next RDB snapshot, and a crash loses them' };
  if (appendfsync === 'always') return { ...base, code: 'redis.aof_always', summary: 'AOF is on with appendfsync always: an acknowledged write is on disk' };
  if (appendfsync === 'everysec') return { ...base, code: 'redis.aof_everysec', summary: 'AOF is on with appendfsync everysec: a crash can lose the last second of acknowledged writes' };
  const setting = appendfsync ?? 'unknown';
  return { ...base, code: 'redis.aof_os', params: { appendfsync: setting }, summary: `AOF is on (appendfsync ${setting}): the OS decides when acknowledged writes reach the disk` };
}

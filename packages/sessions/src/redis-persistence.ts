import type { RedisLike } from './redis-script.js';

/** How a Redis server keeps what it acknowledged (INFO persistence, CONFIG GET appendfsync). */
export interface RedisPersistence {
  /** The append-only file is on (`appendonly yes`). */
  aof: boolean;
  /** `always` | `everysec` | `no` when the server lets CONFIG be read; undefined otherwise. */
  appendfsync?: string;
  /** True only with AOF and `appendfsync always`: an acknowledged append survives a crash of the server. */
  durable: boolean;
  /** One line saying what a crash of the server can lose. */
  summary: string;
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
  let summary: string;
  if (!aof) summary = 'AOF is off: acknowledged writes are in memory until the next RDB snapshot, and a crash loses them';
  else if (appendfsync === 'always') summary = 'AOF is on with appendfsync always: an acknowledged write is on disk';
  else if (appendfsync === 'everysec') summary = 'AOF is on with appendfsync everysec: a crash can lose the last second of acknowledged writes';
  else summary = `AOF is on (appendfsync ${appendfsync ?? 'unknown'}): the OS decides when acknowledged writes reach the disk`;
  return { aof, ...(appendfsync !== undefined ? { appendfsync } : {}), durable, summary };
}

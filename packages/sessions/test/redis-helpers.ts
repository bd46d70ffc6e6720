import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.WARDEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniqueKeyPrefix(tag: string): string {
  return `wt:${randomBytes(4).toString('hex')}:${tag}:`;
}

/** Deletes every key under `prefix`. */
export async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (found.length > 0) await redis.del(...found);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.WARDEN_TEST_REDIS ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.WARDEN_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A queue name and key prefix of its own for one test, and a cleanup that deletes every key under the prefix. */
export function testQueue(): { queue: string; prefix: string; connection: string; cleanup(): Promise<void> } {
  const id = randomUUID().slice(0, 8);
  const prefix = `wft-${id}`;
  return {
    queue: `q${id}`,
    prefix,
    connection: REDIS_URL,
    async cleanup() {
      const redis = new Redis(REDIS_URL);
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.del(...keys);
        } while (cursor !== '0');
      } finally {
        redis.disconnect();
      }
    },
  };
}

export function tempDir(prefix = 'warden-fleet-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

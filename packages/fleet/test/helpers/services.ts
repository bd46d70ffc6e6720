import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export const REDIS_URL = process.env.WARDEN_TEST_REDIS ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.WARDEN_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A queue name and key prefix of its own for one test: exactly the connection options (so they
 * can be passed to any fleet function, which refuses other keys), and a cleanup, added to
 * `cleanups`, that deletes every key under the prefix.
 */
export function testQueue(cleanups: Array<() => Promise<void>>): { queue: string; prefix: string; connection: string } {
  const id = randomUUID().slice(0, 8);
  const prefix = `wft-${id}`;
  cleanups.push(async () => {
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
  });
  return { queue: `q${id}`, prefix, connection: REDIS_URL };
}

export function tempDir(prefix = 'warden-fleet-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

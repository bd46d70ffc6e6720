import { randomUUID } from 'node:crypto';
import type { HooksV1 } from '@warden/protocol';
import type { Redis } from 'ioredis';

/** At most `max` model requests in any `durationMs`, counted across every worker on the queue. */
export interface RateLimit {
  max: number;
  durationMs: number;
}

// A sliding log in a sorted set, timed by the Redis server's clock (workers' clocks may differ):
// answers 0 and records the request, or how many milliseconds to wait before asking again.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now + 1)`;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Takes one request slot for `key`, waiting as long as the window demands (or until `signal` aborts). */
export async function takeSlot(redis: Redis, key: string, limit: RateLimit, signal?: AbortSignal): Promise<void> {
  for (;;) {
    const member = randomUUID();
    const wait = Number(await redis.eval(TAKE, 1, key, String(limit.durationMs), String(limit.max), member));
    if (wait <= 0 || signal?.aborted) return;
    await sleep(wait, signal);
  }
}

/** A `beforeModel` hook that waits for a slot of the provider's shared window before every model request. */
export function rateLimitHook(redis: Redis, keyFor: () => string, limit: RateLimit, signal: () => AbortSignal | undefined): HooksV1 {
  return {
    async beforeModel() {
      await takeSlot(redis, keyFor(), limit, signal());
    },
  };
}

import type { Redis } from 'ioredis';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export interface SessionLease {
  /** True once a renewal found the lease gone (it expired and someone else may hold it). */
  readonly lost: boolean;
  release(): Promise<void>;
}

/**
 * One writer per session across every worker: `SET key token NX PX ttl`, renewed every third of
 * the ttl while the job runs and released with a compare-and-delete. BullMQ's job lock keeps one
 * worker on one job; this lease keeps two jobs (a retry and a resume, or racing resumers) off one
 * session. A worker killed with -9 stops renewing, so the lease lapses after `ttlMs`.
 */
export async function tryLease(redis: Redis, key: string, token: string, ttlMs: number, onLost?: () => void): Promise<SessionLease | undefined> {
  const ok = await redis.set(key, token, 'PX', ttlMs, 'NX');
  if (ok !== 'OK') return undefined;
  let lost = false;
  const timer = setInterval(() => {
    redis.eval(RENEW, 1, key, token, String(ttlMs)).then(
      (renewed) => {
        if (renewed === 0 && !lost) {
          lost = true;
          onLost?.();
        }
      },
      () => undefined,
    );
  }, Math.max(50, Math.floor(ttlMs / 3)));
  timer.unref();
  return {
    get lost() {
      return lost;
    },
    async release() {
      clearInterval(timer);
      await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    },
  };
}

/** Waits up to `waitMs` for the lease (polling), or answers undefined. */
export async function acquireLease(redis: Redis, key: string, token: string, ttlMs: number, waitMs: number, signal: AbortSignal, onLost?: () => void): Promise<SessionLease | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const lease = await tryLease(redis, key, token, ttlMs, onLost);
    if (lease) return lease;
    if (signal.aborted || Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A TTL cache with in-flight de-duplication: two identical searches at once make one request, and
 * a repeat within `ttlMs` makes none. Failures are not cached. Bounded (oldest entries go first).
 */
export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<{ value: T; cached: boolean }>;
  clear(): void;
}

export function ttlCache<T>(ttlMs: number, maxEntries = 256, now: () => number = Date.now): TtlCache<T> {
  const done = new Map<string, { value: T; at: number }>();
  const inFlight = new Map<string, Promise<T>>();
  return {
    async get(key, load) {
      const hit = done.get(key);
      if (hit && now() - hit.at < ttlMs) return { value: hit.value, cached: true };
      if (hit) done.delete(key);
      const pending = inFlight.get(key);
      if (pending) return { value: await pending, cached: true };
      const promise = load();
      inFlight.set(key, promise);
      try {
        const value = await promise;
        if (ttlMs > 0) {
          done.set(key, { value, at: now() });
          while (done.size > maxEntries) done.delete(done.keys().next().value as string);
        }
        return { value, cached: false };
      } finally {
        inFlight.delete(key);
      }
    },
    clear() {
      done.clear();
    },
  };
}

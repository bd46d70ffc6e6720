/**
 * Failed sign-ins counted per email and per client address in a sliding window.
 * In memory: one dashboard process holds the counts (a restart forgets them); put
 * a proxy limit in front when running several instances.
 */
export interface SignInLimiter {
  /** Seconds to wait when blocked, or 0 when a sign-in may be tried. */
  blockedFor(email: string, address: string, now?: number): number;
  recordFailure(email: string, address: string, now?: number): void;
  recordSuccess(email: string): void;
}

const WINDOW_MS = 15 * 60 * 1000;

export function createSignInLimiter(options: { attempts: number; windowMs?: number }): SignInLimiter {
  const windowMs = options.windowMs ?? WINDOW_MS;
  const failures = new Map<string, number[]>();
  // An address may try several accounts (a shared office), but not unboundedly.
  const perAddress = options.attempts * 4;

  function recent(key: string, now: number): number[] {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  function wait(list: number[], limit: number, now: number): number {
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
  }

  return {
    blockedFor(email, address, now = Date.now()) {
      return Math.max(wait(recent(`e:${email}`, now), options.attempts, now), wait(recent(`a:${address}`, now), perAddress, now));
    },
    recordFailure(email, address, now = Date.now()) {
      for (const key of [`e:${email}`, `a:${address}`]) failures.set(key, [...recent(key, now), now]);
      if (failures.size > 100_000) failures.clear();
    },
    recordSuccess(email) {
      failures.delete(`e:${email}`);
    },
  };
}

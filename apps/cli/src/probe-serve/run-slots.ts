/** At most `max` runs at once: a slot is taken before a run starts streaming and given back when it ends. */
export interface RunSlots {
  /** Takes a slot for `runId`; false when every slot is busy (the caller answers 429). */
  tryAcquire(runId: string): boolean;
  release(runId: string): void;
  /** Whether `runId` is running now. */
  has(runId: string): boolean;
  readonly active: number;
  /** Resolves once no run holds a slot. */
  idle(): Promise<void>;
}

export function createRunSlots(max: number): RunSlots {
  const running = new Set<string>();
  let waiters: Array<() => void> = [];
  return {
    tryAcquire(runId) {
      if (running.size >= max || running.has(runId)) return false;
      running.add(runId);
      return true;
    },
    release(runId) {
      running.delete(runId);
      if (running.size > 0) return;
      const done = waiters;
      waiters = [];
      for (const wake of done) wake();
    },
    has: (runId) => running.has(runId),
    get active() {
      return running.size;
    },
    idle: () => (running.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

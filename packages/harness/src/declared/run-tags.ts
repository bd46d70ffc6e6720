import { AsyncLocalStorage } from 'node:async_hooks';

/** A run's tags (`purpose`, `jurisdiction`, …): what the declared governance reads per run. */
export type RunTags = Readonly<Record<string, string>>;

const current = new AsyncLocalStorage<RunTags>();

/** The tags of the run this code is working for, if it was started with any. */
export function currentRunTags(): RunTags | undefined {
  return current.getStore();
}

/** Runs `work` (and everything it starts) under `tags`. */
export function withRunTags<T>(tags: RunTags | undefined, work: () => T): T {
  return tags === undefined ? work() : current.run(tags, work);
}

/**
 * A stream whose every step runs under `tags`: an async generator's body resumes in the context of
 * whoever calls `next()`, so each call is made inside the tags (the run's provider calls, hooks
 * and tools see them however the caller iterates).
 */
export function streamWithRunTags<T>(tags: RunTags | undefined, open: () => AsyncIterable<T>): AsyncIterable<T> {
  if (tags === undefined) return open();
  return {
    [Symbol.asyncIterator]() {
      const iterator = current.run(tags, () => open()[Symbol.asyncIterator]());
      return {
        next: () => current.run(tags, () => iterator.next()),
        return: (value?: unknown) => current.run(tags, () => iterator.return?.(value as T) ?? Promise.resolve({ done: true as const, value: undefined as T })),
        throw: (error?: unknown) => current.run(tags, () => iterator.throw?.(error) ?? Promise.reject(error instanceof Error ? error : new Error(String(error)))),
      };
    },
  };
}

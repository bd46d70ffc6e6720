/**
 * Abort plumbing with no leaks: every listener added here is removed when the
 * operation it guards ends, so a long run never piles listeners on one signal.
 */

/** Aborts `controller` when `parent` aborts. Returns the function that unlinks them. */
export function linkSignal(parent: AbortSignal | undefined, controller: AbortController): () => void {
  if (!parent) return () => undefined;
  if (parent.aborted) {
    controller.abort(parent.reason);
    return () => undefined;
  }
  const onAbort = (): void => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return () => parent.removeEventListener('abort', onAbort);
}

export const ABORTED: unique symbol = Symbol('warden.aborted');

/**
 * A promise that settles with `ABORTED` when `signal` aborts, plus its cleanup.
 * Race work against `promise` as often as needed; call `dispose` once done.
 */
export function abortPromise(signal: AbortSignal): { promise: Promise<typeof ABORTED>; dispose: () => void } {
  if (signal.aborted) return { promise: Promise.resolve(ABORTED), dispose: () => undefined };
  let onAbort: (() => void) | undefined;
  const promise = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return {
    promise,
    dispose: () => {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    },
  };
}

/** Resolves with the work's value, or `ABORTED` as soon as `signal` aborts. */
export async function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  const guard = abortPromise(signal);
  try {
    return await Promise.race([work, guard.promise]);
  } finally {
    guard.dispose();
  }
}

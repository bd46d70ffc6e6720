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
 * Resolves with the work's value, or `ABORTED` as soon as `signal` aborts. One listener while
 * the work is pending, removed as soon as either side settles; a later rejection of the work is handled.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> {
  if (signal.aborted) return Promise.race([work, Promise.resolve(ABORTED)]);
  return new Promise<T | typeof ABORTED>((resolve) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve(work); // adopts the rejection as it is
      },
    );
  });
}

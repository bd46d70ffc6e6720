export type Settled<T> = { kind: 'ok'; value: T } | { kind: 'threw'; error: unknown } | { kind: 'timeout' };

/**
 * Runs `body` (sync or async) and stops waiting for it at `ms`. The body keeps
 * running if it ignores `controller`; the caller only stops waiting.
 */
export async function withDeadline<T>(body: () => T | Promise<T>, ms: number, controller?: AbortController): Promise<Settled<Awaited<T>>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ kind: 'timeout' }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), ms);
  });
  const run = Promise.resolve()
    .then(body)
    .then(
      (value) => ({ kind: 'ok' as const, value: value as Awaited<T> }),
      (error: unknown) => ({ kind: 'threw' as const, error }),
    );
  const outcome = await Promise.race([run, timeout]);
  clearTimeout(timer);
  if (outcome.kind === 'timeout') controller?.abort(new Error('deadline passed'));
  return outcome;
}

/** The code of the error an attempt is aborted with when it runs past `attemptTimeoutMs`. */
export const ATTEMPT_TIMEOUT_CODE = 'WARDEN_ATTEMPT_TIMEOUT';

export interface AttemptSignal {
  signal: AbortSignal | undefined;
  clear(): void;
}

/** The call's signal, plus a deadline for this one attempt (headers, body and stream together). */
export function attemptSignal(call: AbortSignal | undefined, timeoutMs: number | undefined): AttemptSignal {
  if (timeoutMs === undefined) return { signal: call, clear: () => {} };
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(call?.reason);
  if (call?.aborted) controller.abort(call.reason);
  else call?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    controller.abort(Object.assign(new Error(`the attempt ran past ${timeoutMs} ms`), { code: ATTEMPT_TIMEOUT_CODE }));
  }, timeoutMs);
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      call?.removeEventListener('abort', onAbort);
    },
  };
}

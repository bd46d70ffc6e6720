import { mediaError } from './coded-errors.js';

/** Why a signal was aborted, as an Error (a job's cancel or deadline reason, or `media.cancelled`). */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : mediaError('media.cancelled', { message: 'the media call was cancelled' });
}

/** Waits `ms`, or rejects as soon as `signal` aborts (a poll between a job's status checks). */
export function abortableWait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

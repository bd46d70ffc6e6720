import { ProviderError } from '@warden/protocol';
import { createProviderError } from '../errors/create-provider-error.js';

/** Waits `ms`, or rejects with `provider.aborted` as soon as the signal fires. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined, provider: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const aborted = (): ProviderError =>
      createProviderError({ code: 'provider.aborted', message: `the call to ${provider} was aborted`, provider, retryable: false });
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

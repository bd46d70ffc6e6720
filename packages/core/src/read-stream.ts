import type { ModelResponse, StreamPart } from '@warden/protocol';
import { ABORTED } from './abort.js';

/**
 * Reads a provider stream up to its `finish` part and resolves with that part's response
 * (`undefined` when the stream ends without one, `ABORTED` when `signal` aborts first).
 *
 * Why a pump and not `for await` over a per-read `new Promise` race: a streamed step hands over
 * several parts, and wrapping each read in its own promise (so an abort could settle it) cost a
 * promise, a closure and two microtask hops per part — most of what the streamed loop paid over
 * the unstreamed one. Here each part costs one `.then` on the provider's own promise; the abort
 * listener, added once per call, settles the read at once even when a provider ignores the
 * signal, and returns the stream.
 */
export function readStream(
  iterator: AsyncIterator<StreamPart>,
  signal: AbortSignal,
  onPart: (part: StreamPart) => void,
): Promise<ModelResponse | undefined | typeof ABORTED> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const stopStream = (): void => {
      Promise.resolve(iterator.return?.()).catch(() => undefined);
    };
    const settle = (): void => {
      settled = true;
      signal.removeEventListener('abort', onAbort);
    };
    function onAbort(): void {
      if (settled) return;
      settle();
      stopStream();
      resolve(ABORTED);
    }
    const onError = (error: unknown): void => {
      if (settled) return;
      settle();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the provider's own rejection, passed on as it is
      reject(error);
    };
    const onNext = (next: IteratorResult<StreamPart>): void => {
      if (settled) return;
      if (next.done) {
        settle();
        resolve(undefined);
        return;
      }
      const part = next.value;
      if (part.type === 'finish') {
        settle();
        // The stream is closed (its connection released) before the step goes on, as before.
        Promise.resolve(iterator.return?.()).then(() => resolve(part.response), reject);
        return;
      }
      try {
        onPart(part);
      } catch (error) {
        onError(error);
        return;
      }
      // A listener of the part's event may have aborted the run: onAbort has settled it then.
      if (!settled) pull();
    };
    const pull = (): void => {
      try {
        iterator.next().then(onNext, onError);
      } catch (error) {
        onError(error); // a hand-written iterator may throw instead of rejecting
      }
    };
    if (signal.aborted) {
      stopStream();
      resolve(ABORTED);
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    pull();
  });
}

import type { ModelResponse, StreamPart } from '@warden/protocol';

export interface StreamObserver {
  /** The `finish` part went by (once). */
  finish(response: ModelResponse): void;
  /** A read failed before the finish part. */
  fail(error: unknown): void;
  /** The stream ended without its finish part, or the consumer returned it before (an abort, a break). */
  stop(): void;
}

/**
 * The provider's stream, unchanged, with its end observed — without an async-generator layer of
 * its own: each part costs one `.then` on the provider's promise instead of a `for await` plus a
 * `yield` (a visible share of a traced streamed step). Exactly one of the observer's methods runs.
 */
export function observedStream(source: AsyncIterable<StreamPart>, observer: StreamObserver): AsyncGenerator<StreamPart> {
  const iterator = source[Symbol.asyncIterator]();
  let ended = false;
  const end = (report: () => void): void => {
    if (ended) return;
    ended = true;
    report();
  };
  const seen = (result: IteratorResult<StreamPart>): IteratorResult<StreamPart> => {
    if (result.done) end(() => observer.stop());
    else if (result.value.type === 'finish') {
      const response = result.value.response;
      end(() => observer.finish(response));
    }
    return result;
  };
  const failed = (error: unknown): never => {
    end(() => observer.fail(error));
    throw error;
  };
  const observed: AsyncGenerator<StreamPart> = {
    next: () => iterator.next().then(seen, failed),
    return: (value?: unknown) => {
      end(() => observer.stop());
      return iterator.return ? iterator.return(value) : Promise.resolve({ done: true, value: undefined });
    },
    throw: (error?: unknown) => {
      end(() => observer.fail(error));
      return iterator.throw ? iterator.throw(error) : Promise.reject(error instanceof Error ? error : new Error(String(error), { cause: error }));
    },
    [Symbol.asyncIterator]() {
      return observed;
    },
  };
  return observed;
}

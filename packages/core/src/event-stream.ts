import type { RunEvent } from '@warden/protocol';
import type { RunResult } from './run-result.js';

/**
 * Turns a run that pushes events (from the loop and from concurrent tools)
 * into an async generator that yields them in order and returns the result.
 * If the consumer stops early, `cancel` aborts the run and the generator
 * waits for it to wind down, so nothing keeps running in the background.
 */
export async function* eventStream(
  start: (emit: (event: RunEvent) => void) => Promise<RunResult>,
  cancel: () => void,
  onEvent: ((event: RunEvent) => void) | undefined,
): AsyncGenerator<RunEvent, RunResult, undefined> {
  const queue: RunEvent[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  let result: RunResult | undefined;
  let failure: { error: unknown } | undefined;
  const emit = (event: RunEvent): void => {
    if (onEvent) {
      try {
        onEvent(event);
      } catch {
        // An observer's bug must not break the run it observes.
      }
    }
    queue.push(event);
    wake?.();
    wake = undefined;
  };
  const running = (async () => start(emit))()
    .then((value) => {
      result = value;
    })
    .catch((error: unknown) => {
      failure = { error };
    })
    .finally(() => {
      done = true;
      wake?.();
      wake = undefined;
    });
  try {
    let index = 0;
    for (;;) {
      if (index < queue.length) {
        const event = queue[index]!;
        index += 1;
        if (index > 1024) {
          queue.splice(0, index);
          index = 0;
        }
        yield event;
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    if (!done) {
      cancel();
      await running;
    }
  }
  if (failure) throw failure.error;
  return result!;
}

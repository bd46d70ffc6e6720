import type { RunEvent } from '@warden/protocol';

/**
 * How a layer sees a run's events, written once for both ways a caller can receive them (the
 * `onEvent` callback of `run`/`resume`, or the iterable of `stream`/`resumeStream`).
 */
export interface EventTap {
  /** The events the caller gets in place of `event`, in order (the event itself, maybe with others before it). */
  see(event: RunEvent): readonly RunEvent[];
  /** Stream only: awaited before the run's `run_end` is handed on (so what it wrote is durable first). */
  beforeEnd?(): Promise<void>;
}

/** `options` with its `onEvent` fed through `tap` (the caller's own `onEvent`, if any, gets what the tap passes on). */
export function tapOptions<O extends { onEvent?: (event: RunEvent) => void }>(options: O | undefined, tap: EventTap): O {
  const given = options?.onEvent;
  return {
    ...options,
    onEvent: (event: RunEvent) => {
      for (const out of tap.see(event)) given?.(out);
    },
  } as O;
}

/** `events` fed through `tap`. */
export async function* tapStream(events: AsyncIterable<RunEvent>, tap: EventTap): AsyncGenerator<RunEvent> {
  for await (const event of events) {
    for (const out of tap.see(event)) {
      if (out.type === 'run_end') await tap.beforeEnd?.();
      yield out;
    }
  }
}

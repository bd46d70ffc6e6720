import type { JsonValue } from '@warden/protocol';

// The run's control signals (thrown, caught by the run) and its small helpers.

/** A failure that ends the step (and, unless `on_error: continue`, the run). */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** False for failures a retry cannot mend (a refusal, an interrupted tool, the step limit). */
    readonly retryable = true,
  ) {
    super(message);
  }
}

/** Ends the whole run at once: a stop, the step limit, another process taking over. */
export class RunEnd extends Error {
  constructor(
    readonly status: 'failed' | 'stopped',
    readonly code: string,
    message: string,
    readonly step?: string,
  ) {
    super(message);
  }
}

/** `return:` was reached: the run's output is this value. */
export class Returned {
  constructor(readonly value: JsonValue) {}
}

/** A failed step with `on_error: fail`: ends the run, naming the step. */
export class StepFailedEnd extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly step: string,
  ) {
    super(message);
  }
}

export function asData(output: JsonValue): JsonValue {
  if (typeof output !== 'string') return output;
  try {
    return JSON.parse(output) as JsonValue;
  } catch {
    return output;
  }
}

export async function pool(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < count && errors.length === 0) {
      const index = next;
      next += 1;
      try {
        await work(index);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  if (errors.length > 0) throw errors[0];
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

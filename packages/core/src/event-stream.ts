import type { RunEvent } from '@warden/protocol';
import type { RunResult } from './run-result.js';

type Step = IteratorResult<RunEvent, RunResult>;

/**
 * Where a run sends its events. `observed()` is false once nobody can see
 * them any more (`run` without `onEvent`, or a closed stream), so the run can
 * skip building them.
 */
export interface EventSink {
  (event: RunEvent): void;
  observed(): boolean;
}
interface Waiter {
  resolve: (step: Step) => void;
  reject: (error: unknown) => void;
}

/**
 * Turns a run that pushes events (from the loop and from concurrent tools)
 * into an async generator that yields them in order and returns the result.
 * The run starts on the first `next()`. If the consumer stops early
 * (`return`/`throw`, e.g. `break` in `for await`), `cancel` aborts the run and
 * the call waits for it to wind down, so nothing keeps running in the background.
 *
 * It is a hand-written async iterator rather than an `async function*`: an
 * event that is already queued is handed out as an already-settled promise
 * (one microtask for the consumer's `await`), and an event that arrives while
 * the consumer waits settles that wait directly — no generator resumption and
 * no wake-up promise per event.
 */
export function eventStream(
  start: (emit: EventSink) => Promise<RunResult>,
  cancel: () => void,
  onEvent: ((event: RunEvent) => void) | undefined,
): EventStream {
  return new EventStream(start, cancel, onEvent);
}

export class EventStream implements AsyncGenerator<RunEvent, RunResult, undefined> {
  private readonly queue: RunEvent[] = [];
  private index = 0;
  private readonly waiters: Waiter[] = [];
  /** The run, once started; it never rejects (the outcome lands in `result`/`failure`). */
  private running: Promise<void> | undefined;
  /** The run has settled. */
  private settled = false;
  /** The consumer has been given the end (the result, the failure, or a `return`/`throw`). */
  private finished = false;
  /** `drain` took over: every event from now on is consumed as it is emitted (`onEvent` still sees it). */
  private draining = false;
  private result: RunResult | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly start: (emit: EventSink) => Promise<RunResult>,
    private readonly cancel: () => void,
    private readonly onEvent: ((event: RunEvent) => void) | undefined,
  ) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<Step> {
    if (this.finished) return Promise.resolve({ done: true, value: undefined as unknown as RunResult });
    if (!this.running) this.begin();
    if (this.waiters.length === 0) {
      if (this.index < this.queue.length) return Promise.resolve({ done: false, value: this.take() });
      if (this.settled) return this.end();
    }
    return new Promise<Step>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
    });
  }

  async return(value?: RunResult | PromiseLike<RunResult>): Promise<Step> {
    await this.stop();
    return { done: true, value: (await value) as RunResult };
  }

  async throw(error?: unknown): Promise<Step> {
    await this.stop();
    throw error;
  }

  /**
   * Consumes the rest of the stream in one go and returns its result (what `run` does): the
   * queued events are taken as a batch and later ones as they are emitted, so no event costs a
   * promise or a wake-up. Same events, same `onEvent` calls, same result or error as a `next()` loop.
   */
  async drain(): Promise<RunResult> {
    if (this.finished) throw new Error('the event stream was already consumed');
    this.draining = true;
    this.queue.length = 0;
    this.index = 0;
    if (!this.running) this.begin();
    await this.running;
    this.finished = true;
    if (this.failure) throw this.failure.error;
    return this.result!;
  }

  private begin(): void {
    const emit = ((event: RunEvent): void => {
      if (this.onEvent) {
        try {
          this.onEvent(event);
        } catch {
          // An observer's bug must not break the run it observes.
        }
      }
      if (this.finished || this.draining) return;
      const waiter = this.waiters.shift();
      if (waiter) waiter.resolve({ done: false, value: event });
      else this.queue.push(event);
    }) as EventSink;
    emit.observed = () => this.onEvent !== undefined || !(this.finished || this.draining);
    this.running = (async () => this.start(emit))().then(
      (value) => {
        this.result = value;
        this.onSettled();
      },
      (error: unknown) => {
        this.failure = { error };
        this.onSettled();
      },
    );
  }

  private take(): RunEvent {
    const event = this.queue[this.index]!;
    this.index += 1;
    if (this.index === this.queue.length) {
      this.queue.length = 0;
      this.index = 0;
    } else if (this.index > 1024) {
      this.queue.splice(0, this.index);
      this.index = 0;
    }
    return event;
  }

  private onSettled(): void {
    this.settled = true;
    // Events are delivered to waiters as they arrive, so a waiter left now is owed the end.
    const waiter = this.waiters.shift();
    if (waiter) this.end().then(waiter.resolve, waiter.reject);
    for (const rest of this.waiters.splice(0)) rest.resolve({ done: true, value: undefined as unknown as RunResult });
  }

  private end(): Promise<Step> {
    this.finished = true;
    if (this.failure) return rethrow(this.failure.error);
    return Promise.resolve({ done: true, value: this.result! });
  }

  /** Ends the stream early: aborts the run if it is still going and waits for it. */
  private async stop(): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.queue.length = 0;
    this.index = 0;
    if (this.running && !this.settled) {
      this.cancel();
      await this.running;
    }
    for (const rest of this.waiters.splice(0)) rest.resolve({ done: true, value: undefined as unknown as RunResult });
  }
}

async function rethrow(error: unknown): Promise<never> {
  throw error;
}

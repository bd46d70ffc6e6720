import { mediaError } from './coded-errors.js';
import type { GeneratedImage } from './image-engine.js';
import { MediaError } from './media-error.js';

export type ImageJobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** One engine tried by a job, and how it ended. */
export interface EngineAttempt {
  engine: string;
  outcome: 'succeeded' | 'failed' | 'refused' | 'skipped' | 'cancelled';
  /** The error code, when it did not succeed. */
  code?: string;
  status?: number;
}

/** What `describe()` says about a job at this moment. */
export interface ImageJobState {
  id: string;
  /** The engine working on it (or that made it). */
  engine: string | undefined;
  status: ImageJobStatus;
  /** In [0, 1]; single-shot engines jump from 0 to 1. */
  fraction: number;
  elapsedMs: number;
  prompt: string;
  attempts: EngineAttempt[];
  /** The failure, when the job failed or was cancelled (never carries a key). */
  error?: { code: string; message: string };
}

export type ProgressListener = (state: ImageJobState) => void;

/** A generation in flight: ask, wait, cancel, listen. */
export interface ImageJob {
  readonly id: string;
  describe(): ImageJobState;
  /**
   * The pictures, once made. With `timeoutMs`, rejects with `media.timeout` when they are not
   * ready by then — the job goes on, and `wait` can be called again.
   */
  wait(timeoutMs?: number): Promise<GeneratedImage[]>;
  /** Stops the job (at the provider, where it has a job); a finished job stays as it is. */
  cancel(): void;
  onProgress(listener: ProgressListener): () => void;
}

/** The job's mutable side, driven by the generator. */
export class JobState {
  status: ImageJobStatus = 'queued';
  engine: string | undefined;
  fraction = 0;
  attempts: EngineAttempt[] = [];
  error: MediaError | undefined;
  images: GeneratedImage[] | undefined;
  endedAt: number | undefined;
  readonly controller = new AbortController();
  private readonly listeners = new Set<ProgressListener>();
  private readonly settled: Promise<void>;
  private resolveSettled!: () => void;

  constructor(
    readonly id: string,
    readonly prompt: string,
    private readonly now: () => number,
    readonly startedAt: number,
  ) {
    this.settled = new Promise((resolve) => (this.resolveSettled = resolve));
  }

  describe(): ImageJobState {
    const state: ImageJobState = {
      id: this.id,
      engine: this.engine,
      status: this.status,
      fraction: this.fraction,
      elapsedMs: (this.endedAt ?? this.now()) - this.startedAt,
      prompt: this.prompt,
      attempts: this.attempts.map((a) => ({ ...a })),
    };
    if (this.error) state.error = { code: this.error.code, message: this.error.message };
    return state;
  }

  update(change: { status?: ImageJobStatus; engine?: string; fraction?: number }): void {
    if (this.isOver()) return;
    if (change.status) this.status = change.status;
    if (change.engine !== undefined) this.engine = change.engine;
    if (change.fraction !== undefined) this.fraction = Math.max(this.fraction, Math.min(1, change.fraction));
    this.announce();
  }

  succeed(images: GeneratedImage[]): void {
    if (this.isOver()) return;
    this.images = images;
    this.fraction = 1;
    this.finish('succeeded');
  }

  fail(error: MediaError, status: 'failed' | 'cancelled' = 'failed'): void {
    if (this.isOver()) return;
    this.error = error;
    this.finish(status);
  }

  isOver(): boolean {
    return this.status === 'succeeded' || this.status === 'failed' || this.status === 'cancelled';
  }

  private finish(status: ImageJobStatus): void {
    this.status = status;
    this.endedAt = this.now();
    this.announce();
    this.listeners.clear();
    this.resolveSettled();
  }

  private announce(): void {
    const state = this.describe();
    for (const listener of this.listeners) listener(state);
  }

  job(): ImageJob {
    return {
      id: this.id,
      describe: () => this.describe(),
      wait: (timeoutMs) => this.wait(timeoutMs),
      cancel: () => {
        if (this.isOver()) return;
        const error = mediaError('media.cancelled', { message: `image job ${this.id} was cancelled`, ...(this.engine ? { engine: this.engine } : {}) });
        this.controller.abort(error);
        this.fail(error, 'cancelled');
      },
      onProgress: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
    };
  }

  private async wait(timeoutMs: number | undefined): Promise<GeneratedImage[]> {
    if (timeoutMs === undefined) await this.settled;
    else {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, timeoutMs))));
      const first = await Promise.race([this.settled, timedOut]);
      clearTimeout(timer);
      if (first === 'timeout') {
        throw mediaError('media.timeout', { message: `image job ${this.id} is still ${this.status} after ${timeoutMs} ms (${Math.round(this.fraction * 100)}%)`, hint: 'Wait again, check it later, or cancel it.' });
      }
    }
    if (this.images) return this.images;
    throw this.error ?? mediaError('media.engine_failed', { message: `image job ${this.id} ended without pictures` });
  }
}

export function isMediaError(value: unknown, code?: string): value is MediaError {
  return MediaError.isInstance(value) && (code === undefined || value.code === code);
}

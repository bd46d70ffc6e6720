import { randomBytes } from 'node:crypto';
import { ProviderError, type ProviderNotice } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { abortReason } from './abortable-wait.js';
import { mediaError } from './coded-errors.js';
import type { EngineRequest, GeneratedImage, ImageBytes, ImageEngine } from './image-engine.js';
import { JobState, isMediaError, type EngineAttempt, type ImageJob } from './image-job.js';
import { sniffImage } from './magic-bytes.js';
import type { MediaBudget } from './media-budget.js';
import { MediaError } from './media-error.js';

/** A reference picture: bytes, an earlier job's result, or a URL the caller's `fetchReference` reads (the governed fetch). */
export type ImageReference = { bytes: Uint8Array; mediaType?: string } | { job: string; index?: number } | { url: string };

export interface ImageRequest {
  prompt: string;
  /** Pictures to make (default 1, at most `maxCount`). */
  count?: number;
  aspectRatio?: string;
  references?: ImageReference[];
}

export interface ImageGeneratorOptions {
  /** Most pictures one request may ask for (default 4). */
  maxCount?: number;
  /** Most pictures this generator makes in all (default 100). */
  maxImages?: number;
  /** Jobs running at once; the rest wait as `queued` (default 2). */
  maxConcurrency?: number;
  /** A job's deadline from submit, in ms (default 300 000). */
  deadlineMs?: number;
  /** Price of one picture, per engine id or for all; charged to `budget`. */
  costPerImage?: number | Readonly<Record<string, number>>;
  budget?: MediaBudget;
  /** Retries on the same engine for an answer with no picture (default 1); HTTP retries are the transport's. */
  retries?: number;
  /** Reads a reference URL (hand in the governed fetch); without it a URL reference is unsupported. */
  fetchReference?: (url: string, signal: AbortSignal) => Promise<ImageBytes>;
  /** Transport notices (retries) and fallbacks, for events. */
  onNotice?: (notice: ProviderNotice, job: string) => void;
  now?: () => number;
}

const KEYS = { maxCount: true, maxImages: true, maxConcurrency: true, deadlineMs: true, costPerImage: true, budget: true, retries: true, fetchReference: true, onNotice: true, now: true } as const;

export interface ImageGenerator {
  readonly engines: readonly string[];
  submit(request: ImageRequest): ImageJob;
  /** A job of this generator by id (`media.unknown_job` otherwise). */
  job(id: string): ImageJob;
  jobs(): ImageJob[];
  /** Pictures made so far, in all. */
  readonly imagesMade: number;
}

/**
 * Image generation over several engines, in order. Policy: transport retries (429, 5xx, timeouts,
 * dropped connections, Retry-After) happen inside an engine; an answer with no picture is retried
 * `retries` times; then the next engine takes over (refused key, quota, outage, error page, no
 * reference support). A refused prompt is never retried or sent elsewhere. Each engine has its own
 * breaker (its own transport). Every picture is checked by magic bytes and charged to the budget.
 */
export function imageGenerator(engines: readonly ImageEngine[], options: ImageGeneratorOptions = {}): ImageGenerator {
  strictOptions('imageGenerator', KEYS, options);
  if (engines.length === 0) throw mediaError('media.unsupported', { message: 'imageGenerator needs at least one engine' });
  const now = options.now ?? Date.now;
  const maxCount = options.maxCount ?? 4;
  const maxImages = options.maxImages ?? 100;
  const maxConcurrency = Math.max(1, options.maxConcurrency ?? 2);
  const deadlineMs = options.deadlineMs ?? 300_000;
  const retries = Math.max(0, options.retries ?? 1);
  const jobs = new Map<string, JobState>();
  let made = 0;
  let promised = 0;
  let running = 0;
  const waiting: Array<() => void> = [];

  const costOf = (engine: string): number => {
    const c = options.costPerImage;
    return typeof c === 'number' ? c : (c?.[engine] ?? 0);
  };

  async function slot(signal: AbortSignal): Promise<() => void> {
    while (running >= maxConcurrency) {
      // A queued job that is cancelled or runs past its deadline leaves the queue at once.
      await new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = (): void => {
          const at = waiting.indexOf(wake);
          if (at >= 0) waiting.splice(at, 1);
          reject(abortReason(signal));
        };
        if (signal.aborted) return reject(abortReason(signal));
        waiting.push(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
    running += 1;
    return () => {
      running -= 1;
      waiting.shift()?.();
    };
  }

  async function resolveReferences(refs: readonly ImageReference[], signal: AbortSignal): Promise<ImageBytes[]> {
    const out: ImageBytes[] = [];
    for (const ref of refs) {
      let image: ImageBytes;
      if ('bytes' in ref) image = { bytes: ref.bytes, mediaType: ref.mediaType ?? '' };
      else if ('job' in ref) {
        const earlier = jobs.get(ref.job);
        const picture = earlier?.images?.[ref.index ?? 0];
        if (!picture) throw mediaError('media.unknown_job', { message: `no finished picture ${ref.index ?? 0} in job ${ref.job}` });
        image = picture;
      } else {
        if (!options.fetchReference) throw mediaError('media.unsupported', { message: 'a URL reference needs fetchReference (the governed fetch)', hint: 'Pass fetchReference, or give the reference as bytes or a workspace path.' });
        image = await options.fetchReference(ref.url, signal);
      }
      const mediaType = sniffImage(image.bytes);
      if (!mediaType) throw mediaError('media.unsupported', { message: 'a reference is not a PNG, JPEG, GIF or WebP picture' });
      out.push({ bytes: image.bytes, mediaType });
    }
    return out;
  }

  async function run(state: JobState, request: ImageRequest, count: number, signal: AbortSignal): Promise<GeneratedImage[]> {
    const release = await slot(signal);
    try {
      state.update({ status: 'running' });
      const references = await resolveReferences(request.references ?? [], signal);
      const engineRequest: EngineRequest = { prompt: request.prompt, count, references, ...(request.aspectRatio ? { aspectRatio: request.aspectRatio } : {}) };
      const failures: MediaError[] = [];
      for (const [index, engine] of engines.entries()) {
        if (references.length > 0 && !engine.supportsReferences) {
          state.attempts.push({ engine: engine.id, outcome: 'skipped', code: 'media.unsupported' });
          continue;
        }
        state.update({ engine: engine.id });
        const reservation = options.budget?.reserve(count * costOf(engine.id), { engine: engine.id, kind: 'image' });
        try {
          const images = await tryEngine(engine, engineRequest, state, signal);
          reservation?.commit(images.length, images.length * costOf(engine.id));
          state.attempts.push({ engine: engine.id, outcome: 'succeeded' });
          return images;
        } catch (thrown) {
          reservation?.release();
          if (signal.aborted) throw abortReason(signal);
          const error = asMediaError(engine.id, thrown);
          const attempt: EngineAttempt = { engine: engine.id, outcome: error.code === 'media.refused' ? 'refused' : 'failed', code: error.code };
          if (error.status !== undefined) attempt.status = error.status;
          state.attempts.push(attempt);
          if (error.code === 'media.refused') throw error;
          failures.push(error);
          const next = engines[index + 1];
          if (next) options.onNotice?.({ type: 'provider_switch', from: engine.id, to: next.id, reason: error.code }, state.id);
        }
      }
      if (failures.length === 0) throw mediaError('media.unsupported', { message: 'no engine takes reference images', hint: 'Add an engine that supports references, or drop them.' });
      throw mediaError('media.engine_failed', {
        message: `every engine failed: ${failures.map((f) => f.message).join('; ')}`,
        hint: 'Check each engine\'s key, quota and base URL.',
        cause: failures[failures.length - 1],
      });
    } finally {
      release();
    }
  }

  async function tryEngine(engine: ImageEngine, request: EngineRequest, state: JobState, signal: AbortSignal): Promise<GeneratedImage[]> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const images = await engine.generate(request, {
          signal,
          progress: (fraction) => state.update({ fraction }),
          notice: (notice) => options.onNotice?.(notice, state.id),
        });
        for (const image of images) {
          if (sniffImage(image.bytes) !== image.mediaType) throw mediaError('media.bad_response', { message: `${engine.id} returned bytes that are not ${image.mediaType}`, engine: engine.id });
        }
        return images;
      } catch (thrown) {
        if (signal.aborted || attempt >= retries || !isMediaError(thrown, 'media.bad_response')) throw thrown;
      }
    }
  }

  function submit(request: ImageRequest): ImageJob {
    const count = request.count ?? 1;
    if (!Number.isInteger(count) || count < 1 || count > maxCount) throw mediaError('media.limit', { message: `${count} pictures asked; one request makes 1 to ${maxCount}`, hint: 'Ask for fewer, or raise maxCount.' });
    if (made + promised + count > maxImages) throw mediaError('media.limit', { message: `this generator has made ${made} of its ${maxImages} pictures; ${count} more is over the limit`, hint: 'Raise maxImages.' });
    const id = `img_${randomBytes(6).toString('hex')}`;
    const state = new JobState(id, request.prompt, now, now());
    jobs.set(id, state);
    promised += count;
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = AbortSignal.any([state.controller.signal, deadline]);
    run(state, request, count, signal).then(
      (images) => {
        made += images.length;
        state.succeed(images);
      },
      (thrown: unknown) => {
        if (deadline.aborted && !state.controller.signal.aborted) {
          state.fail(mediaError('media.timeout', { message: `image job ${id} ran past its ${deadlineMs} ms deadline`, hint: 'Raise deadlineMs, or use a faster engine.', ...(state.engine ? { engine: state.engine } : {}) }));
        } else state.fail(asMediaError(state.engine ?? 'media', thrown), state.controller.signal.aborted ? 'cancelled' : 'failed');
      },
    ).finally(() => {
      promised -= count;
    });
    return state.job();
  }

  return {
    engines: engines.map((e) => e.id),
    submit,
    job(id) {
      const state = jobs.get(id);
      if (!state) throw mediaError('media.unknown_job', { message: `no image job ${id}`, hint: 'Use the job id generate_image returned.' });
      return state.job();
    },
    jobs: () => [...jobs.values()].map((s) => s.job()),
    get imagesMade() {
      return made;
    },
  };
}

/** Whatever an engine threw, as a MediaError (a raw ProviderError becomes `media.engine_failed`). */
function asMediaError(engine: string, thrown: unknown): MediaError {
  if (MediaError.isInstance(thrown)) return thrown;
  if (ProviderError.isInstance(thrown)) {
    return mediaError('media.engine_failed', { message: `${engine}: ${thrown.message}`, engine, cause: thrown, ...(thrown.status !== undefined ? { status: thrown.status } : {}) });
  }
  return mediaError('media.engine_failed', { message: `${engine} failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`, engine, cause: thrown });
}

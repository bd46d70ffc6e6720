import type { ProviderNotice } from '@warden/protocol';

/** Bytes of an image with what they really are (checked by magic bytes, not by the vendor's word). */
export interface ImageBytes {
  bytes: Uint8Array;
  mediaType: string;
}

/** One picture an engine made. */
export interface GeneratedImage extends ImageBytes {
  engine: string;
  /** The prompt as the vendor rewrote it, when it says (OpenAI's `revised_prompt`). */
  revisedPrompt?: string;
}

/** What an engine is asked for: the generator has already applied limits and resolved references. */
export interface EngineRequest {
  prompt: string;
  count: number;
  /** `1:1`, `16:9`, `9:16`, `4:3`, `3:4`, `3:2`, `2:3`. */
  aspectRatio?: string;
  references: ImageBytes[];
}

export interface EngineContext {
  /** Aborted by `cancel()`, the job deadline, or the caller; an engine with a job cancels it at the provider. */
  signal: AbortSignal;
  /** A fraction in [0, 1] (engines with real progress call it often; single-shot ones not at all). */
  progress(fraction: number): void;
  /** Transport notices (retries), forwarded to the job's listeners. */
  notice(notice: ProviderNotice): void;
}

/**
 * An image engine: one vendor's HTTP API (or your own function). `generate` throws a MediaError
 * (`media.refused` for a refused prompt; `media.bad_response`, `media.unsupported`) or the
 * transport's ProviderError; the generator decides retries and fallback.
 */
export interface ImageEngine {
  readonly id: string;
  /** Whether reference images can be sent; engines without them are skipped for such requests. */
  readonly supportsReferences: boolean;
  /** `real` when the vendor reports progress (Replicate); `start-finish` for single-shot APIs. */
  readonly progress: 'real' | 'start-finish';
  generate(request: EngineRequest, context: EngineContext): Promise<GeneratedImage[]>;
}

import { createHash } from 'node:crypto';
import { abortableWait } from '../abortable-wait.js';
import { mediaError } from '../coded-errors.js';
import type { EngineContext, EngineRequest, GeneratedImage, ImageEngine } from '../image-engine.js';
import { solidPng } from '../png.js';

export interface FakeImagesOptions {
  id?: string;
  /** Prompts matching this are refused as a vendor's safety system would. */
  refuse?: RegExp;
  /** Steps of real progress reported before the pictures (default 4), `stepMs` apart (default 5). */
  steps?: number;
  stepMs?: number;
}

/**
 * An in-process engine for tests and demos: real PNGs (their colour derived from the prompt),
 * real progress steps, cancellation and refusals, no network.
 */
export function fakeImages(options: FakeImagesOptions = {}): ImageEngine & { readonly requests: EngineRequest[] } {
  const id = options.id ?? 'fake-images';
  const steps = options.steps ?? 4;
  const stepMs = options.stepMs ?? 5;
  const requests: EngineRequest[] = [];
  async function generate(request: EngineRequest, context: EngineContext): Promise<GeneratedImage[]> {
    requests.push(request);
    if (options.refuse?.test(request.prompt)) throw mediaError('media.refused', { message: `${id} refused the prompt (safety)`, hint: 'Rephrase the prompt; it was not retried or sent to another engine.', engine: id });
    for (let i = 1; i <= steps; i += 1) {
      await abortableWait(stepMs, context.signal);
      context.progress(i / steps);
    }
    return Array.from({ length: request.count }, (_, n) => {
      const digest = createHash('sha256').update(`${request.prompt}#${n}`).digest();
      return { bytes: solidPng(16, 16, [digest[0] ?? 0, digest[1] ?? 0, digest[2] ?? 0]), mediaType: 'image/png', engine: id };
    });
  }
  return { id, supportsReferences: true, progress: 'real', generate, requests };
}

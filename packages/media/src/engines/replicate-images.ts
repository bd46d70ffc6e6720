import { strictOptions } from '@warden/protocol/checks';
import type { HttpTransport } from '@warden/providers/transport';
import { mediaError } from '../coded-errors.js';
import type { EngineContext, EngineRequest, GeneratedImage, ImageEngine } from '../image-engine.js';
import { abortableWait } from '../abortable-wait.js';
import { sniffImage } from '../magic-bytes.js';
import { base64, engineTransport, trimSlash, type HttpEngineOptions } from './engine-options.js';
import { badResponse, describeFailure, jsonOf, safeUrl } from './http-failure.js';

export interface ReplicateOptions extends HttpEngineOptions {
  /** How often the prediction is polled, in ms (default 1000). */
  pollMs?: number;
}

const KEYS = { apiKey: true, baseUrl: true, model: true, id: true, transport: true, pollMs: true } as const;
/** Failure texts that mean the model refused the prompt (its safety checker). */
const REFUSED = /nsfw|safety|sensitive|flagged|content policy/i;

interface Prediction {
  id?: string;
  status?: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: unknown;
  error?: unknown;
  logs?: string;
  urls?: { get?: string; cancel?: string };
}

/** The last `NN%` a model's progress bar wrote to its logs (tqdm's format), as a fraction. */
export function replicateProgress(logs: string | undefined): number | undefined {
  if (!logs) return undefined;
  const all = [...logs.matchAll(/(\d{1,3})%\|/g)];
  const last = all[all.length - 1]?.[1];
  return last === undefined ? undefined : Math.min(1, Number(last) / 100);
}

/**
 * Replicate: `POST /v1/models/{owner}/{name}/predictions`, then the prediction is polled until it
 * ends; progress is the model's own (its logs); cancelling posts to the prediction's cancel URL, so
 * the job stops (and stops costing) at the provider. Outputs are downloaded without the key.
 */
export function replicateImages(options: ReplicateOptions): ImageEngine {
  strictOptions('replicateImages', KEYS, options);
  const id = options.id ?? 'replicate';
  const root = trimSlash(options.baseUrl ?? 'https://api.replicate.com');
  const model = options.model ?? 'black-forest-labs/flux-schnell';
  const pollMs = options.pollMs ?? 1000;
  const transport: HttpTransport = engineTransport(id, options);
  if (!options.apiKey) throw mediaError('media.unsupported', { message: `${id} needs an API key`, hint: 'Pass apiKey (for example from REPLICATE_API_TOKEN).', engine: id });
  const auth = { authorization: `Bearer ${options.apiKey}` };
  const origin = new URL(root).origin;

  async function call(method: 'GET' | 'POST', url: string, body: unknown, signal: AbortSignal | undefined, context: EngineContext): Promise<Prediction> {
    // The key goes only to the API's own origin: a `urls.get` pointing elsewhere is refused.
    if (new URL(url).origin !== origin) throw mediaError('media.bad_response', { message: `${id}: the prediction points at ${safeUrl(url)}, outside ${origin}`, engine: id });
    try {
      const res = await transport.send(
        { url, method, headers: { ...auth, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
        { ...(signal ? { signal } : {}), onNotice: context.notice },
      );
      return jsonOf(id, url, res.status, res.bytes, res.contentType) as Prediction;
    } catch (thrown) {
      throw describeFailure(id, method, url, thrown);
    }
  }

  async function generate(request: EngineRequest, context: EngineContext): Promise<GeneratedImage[]> {
    const input: Record<string, unknown> = { prompt: request.prompt, num_outputs: request.count, output_format: 'png' };
    if (request.aspectRatio) input.aspect_ratio = request.aspectRatio;
    const ref = request.references[0];
    if (ref) input.image = `data:${ref.mediaType};base64,${base64(ref.bytes)}`;
    let prediction = await call('POST', `${root}/v1/models/${model}/predictions`, { input }, context.signal, context);
    const predictionId = prediction.id;
    if (!predictionId) throw mediaError('media.bad_response', { message: `${id}: the prediction answer has no id`, engine: id });
    const getUrl = prediction.urls?.get ?? `${root}/v1/predictions/${predictionId}`;
    const cancelUrl = prediction.urls?.cancel ?? `${root}/v1/predictions/${predictionId}/cancel`;
    const onAbort = (): void => {
      // Cancelled at the provider: a fresh signal, since the job's own is already aborted.
      call('POST', cancelUrl, undefined, AbortSignal.timeout(10_000), context).catch(() => undefined);
    };
    context.signal.addEventListener('abort', onAbort, { once: true });
    try {
      while (prediction.status !== 'succeeded') {
        if (prediction.status === 'failed') {
          const text = typeof prediction.error === 'string' ? prediction.error.slice(0, 300) : 'the prediction failed';
          if (REFUSED.test(text)) throw mediaError('media.refused', { message: `${id} refused the prompt: ${text}`, hint: 'Rephrase the prompt; it was not retried or sent to another engine.', engine: id });
          throw mediaError('media.engine_failed', { message: `${id}: prediction ${predictionId} failed: ${text}`, engine: id });
        }
        if (prediction.status === 'canceled') throw mediaError('media.cancelled', { message: `${id}: prediction ${predictionId} was cancelled at the provider`, engine: id });
        const fraction = replicateProgress(prediction.logs);
        if (fraction !== undefined) context.progress(fraction);
        await abortableWait(pollMs, context.signal);
        prediction = await call('GET', getUrl, undefined, context.signal, context);
      }
    } finally {
      context.signal.removeEventListener('abort', onAbort);
    }
    context.progress(1);
    const outputs = (Array.isArray(prediction.output) ? prediction.output : [prediction.output]).filter((o): o is string => typeof o === 'string');
    if (outputs.length === 0) throw mediaError('media.bad_response', { message: `${id}: prediction ${predictionId} succeeded with no output`, engine: id });
    const images: GeneratedImage[] = [];
    for (const url of outputs) {
      let res;
      try {
        res = await transport.send({ url, method: 'GET', headers: {} }, { signal: context.signal, onNotice: context.notice });
      } catch (thrown) {
        throw describeFailure(id, 'GET', url, thrown);
      }
      const mediaType = sniffImage(res.bytes);
      if (!mediaType) throw badResponse(id, url, res.status, res.bytes, res.contentType, 'an image');
      images.push({ bytes: res.bytes, mediaType, engine: id });
    }
    return images;
  }

  return { id, supportsReferences: true, progress: 'real', generate };
}

import { strictOptions } from '@warden/protocol/checks';
import { mediaError } from '../coded-errors.js';
import type { EngineContext, EngineRequest, GeneratedImage, ImageEngine } from '../image-engine.js';
import { sniffImage } from '../magic-bytes.js';
import { HTTP_ENGINE_KEYS, base64, engineTransport, fromBase64, trimSlash, type HttpEngineOptions } from './engine-options.js';
import { badResponse, describeFailure, jsonOf, safeUrl } from './http-failure.js';

/** Finish and block reasons that mean the vendor refused the prompt (not a failure to retry). */
const REFUSALS = /SAFETY|PROHIBITED|BLOCKLIST|SPII|IMAGE_SAFETY|OTHER_BLOCK|RECITATION/i;

interface GeminiPart {
  text?: string;
  inlineData?: { mimeType?: string; data?: string };
}

interface GeminiAnswer {
  promptFeedback?: { blockReason?: string };
  candidates?: Array<{ finishReason?: string; content?: { parts?: GeminiPart[] } }>;
}

/**
 * Gemini image models: `POST /v1beta/models/{model}:generateContent` with `responseModalities`
 * `IMAGE`, reference images as `inlineData` parts. One picture per call (count = calls).
 */
export function geminiImages(options: HttpEngineOptions): ImageEngine {
  strictOptions('geminiImages', HTTP_ENGINE_KEYS, options);
  const id = options.id ?? 'gemini-images';
  const root = trimSlash(options.baseUrl ?? 'https://generativelanguage.googleapis.com');
  const model = options.model ?? 'gemini-2.5-flash-image';
  const transport = engineTransport(id, options);
  if (!options.apiKey) throw mediaError('media.unsupported', { message: `${id} needs an API key`, hint: 'Pass apiKey (for example from GEMINI_API_KEY).', engine: id });
  const apiKey = options.apiKey;

  async function one(request: EngineRequest, context: EngineContext): Promise<GeneratedImage> {
    const url = `${root}/v1beta/models/${encodeURIComponent(model)}:generateContent`;
    const parts: GeminiPart[] = [{ text: request.prompt }, ...request.references.map((ref) => ({ inlineData: { mimeType: ref.mediaType, data: base64(ref.bytes) } }))];
    const body = JSON.stringify({
      contents: [{ role: 'user', parts }],
      generationConfig: { responseModalities: ['IMAGE', 'TEXT'], ...(request.aspectRatio ? { imageConfig: { aspectRatio: request.aspectRatio } } : {}) },
    });
    let answer;
    try {
      answer = await transport.send({ url, method: 'POST', headers: { 'x-goog-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' }, body }, { signal: context.signal, onNotice: context.notice });
    } catch (thrown) {
      throw describeFailure(id, 'POST', url, thrown);
    }
    const json = jsonOf(id, url, answer.status, answer.bytes, answer.contentType) as GeminiAnswer;
    const blocked = json?.promptFeedback?.blockReason;
    const candidate = json?.candidates?.[0];
    const reason = blocked ?? (candidate?.finishReason && REFUSALS.test(candidate.finishReason) ? candidate.finishReason : undefined);
    if (reason) throw mediaError('media.refused', { message: `${id} refused the prompt (${reason})`, hint: 'Rephrase the prompt; it was not retried or sent to another engine.', engine: id, status: answer.status });
    const inline = candidate?.content?.parts?.find((p) => typeof p.inlineData?.data === 'string');
    if (!inline?.inlineData?.data) {
      throw mediaError('media.bad_response', { message: `${id}: ${safeUrl(url)} answered with text and no picture`, hint: 'Retried once, then the next engine is tried.', engine: id, status: answer.status });
    }
    const bytes = fromBase64(inline.inlineData.data);
    const mediaType = sniffImage(bytes);
    if (!mediaType) throw badResponse(id, url, answer.status, bytes, inline.inlineData.mimeType, 'an image');
    return { bytes, mediaType, engine: id };
  }

  async function generate(request: EngineRequest, context: EngineContext): Promise<GeneratedImage[]> {
    const images: GeneratedImage[] = [];
    for (let i = 0; i < request.count; i += 1) {
      images.push(await one(request, context));
      context.progress((i + 1) / request.count);
    }
    return images;
  }

  return { id, supportsReferences: true, progress: 'start-finish', generate };
}

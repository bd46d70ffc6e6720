import { strictOptions } from '@warden/protocol/checks';
import { mediaError } from '../coded-errors.js';
import type { EngineContext, EngineRequest, GeneratedImage, ImageEngine } from '../image-engine.js';
import { EXTENSIONS, sniffImage } from '../magic-bytes.js';
import { multipartBody, type FormField } from '../multipart.js';
import { HTTP_ENGINE_KEYS, engineTransport, fromBase64, openAiSize, trimSlash, type HttpEngineOptions } from './engine-options.js';
import { badResponse, describeFailure, jsonOf } from './http-failure.js';

/**
 * OpenAI Images: `POST /images/generations` (JSON), or `POST /images/edits` (multipart) with
 * reference images. Single-shot: progress is start and finish; cancelling drops the request.
 */
export function openaiImages(options: HttpEngineOptions): ImageEngine {
  strictOptions('openaiImages', HTTP_ENGINE_KEYS, options);
  const id = options.id ?? 'openai-images';
  const root = trimSlash(options.baseUrl ?? 'https://api.openai.com/v1');
  const model = options.model ?? 'gpt-image-1';
  const transport = engineTransport(id, options);
  const auth = { authorization: `Bearer ${options.apiKey}` };

  async function generate(request: EngineRequest, context: EngineContext): Promise<GeneratedImage[]> {
    const edit = request.references.length > 0;
    const url = `${root}/images/${edit ? 'edits' : 'generations'}`;
    const size = openAiSize(request.aspectRatio);
    let body: string | Uint8Array;
    let contentType: string;
    if (edit) {
      const fields: FormField[] = [
        { name: 'model', value: model },
        { name: 'prompt', value: request.prompt },
        { name: 'n', value: String(request.count) },
        { name: 'size', value: size },
        ...request.references.map((ref, i) => ({ name: 'image[]', filename: `reference-${i + 1}.${EXTENSIONS[ref.mediaType] ?? 'png'}`, mediaType: ref.mediaType, bytes: ref.bytes })),
      ];
      ({ body, contentType } = multipartBody(fields));
    } else {
      body = JSON.stringify({ model, prompt: request.prompt, n: request.count, size });
      contentType = 'application/json';
    }
    let answer;
    try {
      answer = await transport.send({ url, method: 'POST', headers: { ...auth, 'content-type': contentType, accept: 'application/json' }, body }, { signal: context.signal, onNotice: context.notice });
    } catch (thrown) {
      throw describeFailure(id, 'POST', url, thrown);
    }
    const json = jsonOf(id, url, answer.status, answer.bytes, answer.contentType) as { data?: Array<{ b64_json?: string; url?: string; revised_prompt?: string }> };
    const data = Array.isArray(json?.data) ? json.data : [];
    if (data.length === 0) throw badResponse(id, url, answer.status, answer.bytes, answer.contentType, 'images');
    const images: GeneratedImage[] = [];
    for (const item of data) {
      let bytes: Uint8Array;
      if (typeof item.b64_json === 'string') bytes = fromBase64(item.b64_json);
      else if (typeof item.url === 'string') bytes = await download(item.url, context);
      else throw badResponse(id, url, answer.status, answer.bytes, answer.contentType, 'an image');
      const mediaType = sniffImage(bytes);
      if (!mediaType) throw badResponse(id, url, answer.status, bytes, undefined, 'an image');
      images.push({ bytes, mediaType, engine: id, ...(typeof item.revised_prompt === 'string' ? { revisedPrompt: item.revised_prompt } : {}) });
    }
    return images;
  }

  /** A result URL is fetched without the key: it may be on another host. */
  async function download(url: string, context: EngineContext): Promise<Uint8Array> {
    try {
      const res = await transport.send({ url, method: 'GET', headers: {} }, { signal: context.signal, onNotice: context.notice });
      return res.bytes;
    } catch (thrown) {
      throw describeFailure(id, 'GET', url, thrown);
    }
  }

  if (!options.apiKey) throw mediaError('media.unsupported', { message: `${id} needs an API key`, hint: 'Pass apiKey (for example from OPENAI_API_KEY).', engine: id });
  return { id, supportsReferences: true, progress: 'start-finish', generate };
}

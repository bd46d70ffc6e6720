import type { ProviderV1 } from '@warden/protocol';
import type { ImageBytes } from './image-engine.js';

/**
 * Asks a vision-capable model about a picture: one user message with the question and the image
 * as an `image` part. The answer describes untrusted content (the picture may carry text).
 */
export async function inspectImage(provider: ProviderV1, image: ImageBytes, question: string, options: { signal?: AbortSignal; maxOutputTokens?: number } = {}): Promise<string> {
  const response = await provider.complete(
    {
      messages: [{ role: 'user', parts: [{ type: 'text', text: question }, { type: 'image', mediaType: image.mediaType, data: Buffer.from(image.bytes).toString('base64') }] }],
      maxOutputTokens: options.maxOutputTokens ?? 500,
    },
    options.signal ? { signal: options.signal } : {},
  );
  return response.message.parts
    .filter((p): p is { type: 'text'; text: string } => p.type === 'text')
    .map((p) => p.text)
    .join('');
}

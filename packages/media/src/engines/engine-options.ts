import { createHttpTransport, type HttpTransport, type TransportOptions } from '@warden/providers/transport';

/** What every HTTP engine takes. The key lives in the engine's closure: no property, schema or error shows it. */
export interface HttpEngineOptions {
  apiKey: string;
  /** The vendor's API root (tests point it at a fake server). */
  baseUrl?: string;
  model?: string;
  /** The engine's id in jobs, errors and spend (default: the vendor's). */
  id?: string;
  /** Retries, timeouts and breaker of this engine's own transport (one breaker per engine). */
  transport?: Omit<TransportOptions, 'provider'>;
}

export const HTTP_ENGINE_KEYS = { apiKey: true, baseUrl: true, model: true, id: true, transport: true } as const;

export function engineTransport(id: string, options: HttpEngineOptions): HttpTransport {
  return createHttpTransport({ ...options.transport, provider: id });
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** OpenAI's sizes for an aspect ratio (its models take three). */
export function openAiSize(aspectRatio: string | undefined): string {
  const [w, h] = (aspectRatio ?? '1:1').split(':').map(Number);
  if (!w || !h || w === h) return '1024x1024';
  return w > h ? '1536x1024' : '1024x1536';
}

export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ProviderError, type CallOptions, type ModelRequest, type ModelResponse, type ProviderV1, type StreamPart } from '@warden/protocol';
import { redactText } from '../transport/redact.js';
import type { RecordedExchange } from './recording-format.js';

/**
 * Wraps a provider and appends every exchange (request, response or stream
 * parts, or the error) to `file` as JSONL, for `replay` to serve offline.
 * Keys live in the transport's headers and are never part of what is written.
 */
export function recording(provider: ProviderV1, file: string): ProviderV1 {
  let queue: Promise<void> = Promise.resolve();
  let dirReady = false;

  function write(entry: RecordedExchange): Promise<void> {
    queue = queue.then(async () => {
      if (!dirReady) {
        await mkdir(dirname(file), { recursive: true });
        dirReady = true;
      }
      await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
    });
    return queue;
  }

  function base(kind: RecordedExchange['kind'], request: ModelRequest): RecordedExchange {
    return { v: 1, kind, provider: provider.id, model: provider.model, request: structuredClone(request) };
  }

  function errorOf(error: unknown): RecordedExchange['error'] {
    if (ProviderError.isInstance(error)) {
      const out: NonNullable<RecordedExchange['error']> = { code: error.code, message: redactText(error.message, [], 1000), retryable: error.retryable };
      if (error.status !== undefined) out.status = error.status;
      if (error.retryAfterMs !== undefined) out.retryAfterMs = error.retryAfterMs;
      return out;
    }
    return { code: 'internal.unexpected', message: 'the provider threw a non-Warden error', retryable: false };
  }

  async function complete(request: ModelRequest, options?: CallOptions): Promise<ModelResponse> {
    try {
      const response = await provider.complete(request, options);
      await write({ ...base('complete', request), response });
      return response;
    } catch (error) {
      await write({ ...base('complete', request), error: errorOf(error) });
      throw error;
    }
  }

  async function* stream(request: ModelRequest, options?: CallOptions): AsyncGenerator<StreamPart> {
    const parts: StreamPart[] = [];
    let written = false;
    try {
      for await (const part of provider.stream(request, options)) {
        parts.push(part);
        // Written before the final part is handed out: a consumer that stops at `finish` (the
        // agent loop does) returns this generator at that yield, and nothing after it runs.
        if (part.type === 'finish') {
          written = true;
          await write({ ...base('stream', request), parts: [...parts] });
        }
        yield part;
      }
    } catch (error) {
      if (!written) await write({ ...base('stream', request), parts, error: errorOf(error) });
      throw error;
    }
    if (!written) await write({ ...base('stream', request), parts });
  }

  const wrapped: ProviderV1 = { specificationVersion: 'v1', id: provider.id, model: provider.model, complete, stream };
  if (provider.contextWindow !== undefined) Object.assign(wrapped, { contextWindow: provider.contextWindow });
  return wrapped;
}

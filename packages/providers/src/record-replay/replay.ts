import { readFile } from 'node:fs/promises';
import { ProviderError, type CallOptions, type OptionKeys, type ModelRequest, type ModelResponse, type ProviderV1, type StreamPart } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { createProviderError, passOnProviderError } from '../errors/create-provider-error.js';
import { canonicalJson, type RecordedExchange } from './recording-format.js';

export interface ReplayOptions {
  id?: string;
  model?: string;
  /**
   * `request` (default): each call is answered by the first unused exchange
   * whose request is identical. `order`: exchanges are served in file order.
   */
  match?: 'request' | 'order';
}

function mismatch(provider: string, message: string): ProviderError {
  return createProviderError({
    code: 'provider.replay_mismatch',
    message,
    hint: 'Record the run again: the conversation no longer matches the recording.',
    provider,
    retryable: false,
  });
}

function partsOf(response: ModelResponse): StreamPart[] {
  const parts: StreamPart[] = [];
  let index = 0;
  for (const part of response.message.parts) {
    if (part.type === 'text') parts.push({ type: 'text_delta', text: part.text });
    else if (part.type === 'thinking') parts.push({ type: 'thinking_delta', text: part.text });
    else parts.push({ type: 'tool_call_delta', index: index++, id: part.id, name: part.name, argsDelta: JSON.stringify(part.args) });
  }
  parts.push({ type: 'finish', response });
  return parts;
}

const REPLAY_KEYS = { id: true, model: true, match: true } satisfies OptionKeys<ReplayOptions>;

/** A provider that answers from a `recording()` file, with no network. */
export function replay(file: string, options: ReplayOptions = {}): ProviderV1 & { remaining(): Promise<number> } {
  strictOptions('replay', REPLAY_KEYS, options);
  let loaded: Promise<RecordedExchange[]> | undefined;
  const used = new Set<number>();
  const id = options.id ?? 'replay';

  async function entries(): Promise<RecordedExchange[]> {
    loaded ??= readFile(file, 'utf8').then((text) =>
      text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, n) => {
          try {
            return JSON.parse(line) as RecordedExchange;
          } catch {
            throw mismatch(id, `line ${n + 1} of the recording is not valid JSON`);
          }
        }),
    );
    return loaded;
  }

  async function take(request: ModelRequest, signal: AbortSignal | undefined): Promise<RecordedExchange> {
    if (signal?.aborted) throw createProviderError({ code: 'provider.aborted', message: 'the replayed call was aborted', provider: id, retryable: false });
    const all = await entries();
    const key = canonicalJson(request);
    const index = all.findIndex((entry, i) => !used.has(i) && (options.match === 'order' || canonicalJson(entry.request) === key));
    const entry = all[index];
    if (!entry || (options.match === 'order' && index !== used.size)) {
      throw mismatch(id, `no recorded exchange is left for this request (${used.size} of ${all.length} used)`);
    }
    used.add(index);
    return entry;
  }

  function raise(entry: RecordedExchange): never {
    const error = entry.error as NonNullable<RecordedExchange['error']>;
    const init: ConstructorParameters<typeof ProviderError>[0] = { code: error.code, message: error.message, provider: entry.provider, retryable: error.retryable };
    if (error.status !== undefined) init.status = error.status;
    if (error.retryAfterMs !== undefined) init.retryAfterMs = error.retryAfterMs;
    throw passOnProviderError(init);
  }

  async function complete(request: ModelRequest, call: CallOptions = {}): Promise<ModelResponse> {
    const entry = await take(request, call.signal);
    const finish = entry.response ?? entry.parts?.find((p): p is Extract<StreamPart, { type: 'finish' }> => p.type === 'finish')?.response;
    if (entry.error && !finish) raise(entry);
    if (!finish) throw mismatch(id, 'the recorded exchange has no response');
    return finish;
  }

  async function* stream(request: ModelRequest, call: CallOptions = {}): AsyncGenerator<StreamPart> {
    const entry = await take(request, call.signal);
    const parts = entry.parts ?? (entry.response ? partsOf(entry.response) : []);
    for (const part of parts) {
      if (call.signal?.aborted) throw createProviderError({ code: 'provider.aborted', message: 'the replayed call was aborted', provider: id, retryable: false });
      yield part;
    }
    if (entry.error) raise(entry);
  }

  return {
    specificationVersion: 'v1',
    id,
    model: options.model ?? 'replay',
    complete,
    stream,
    remaining: async () => (await entries()).length - used.size,
  };
}

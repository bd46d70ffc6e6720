import { providerError } from '../errors/coded-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import type { JsonObject } from '../json.js';
import type { AssistantMessage, Message } from '../message.js';
import type { FinishReason, ModelRequest, ModelResponse, StreamPart } from '../model.js';
import type { CallOptions, ProviderV1 } from '../provider.js';
import type { Usage } from '../usage.js';
import { emptyUsage } from '../usage-math.js';

export interface ScriptedCall {
  name: string;
  args?: JsonObject;
  id?: string;
  meta?: JsonObject;
}

export interface ScriptedReply {
  text?: string;
  thinking?: string | { text: string; signature?: string };
  toolCalls?: ScriptedCall[];
  usage?: Partial<Usage>;
  finishReason?: FinishReason;
  costUsd?: number;
  /** Wait this long before answering (cancellable by the call's signal). */
  delayMs?: number;
}

/** One turn of the script: text, a reply, an error to throw, or a function of the request. */
export type ScriptedTurn =
  | string
  | ScriptedReply
  | Error
  | ((request: ModelRequest, index: number) => ScriptedTurn | Promise<ScriptedTurn>);

export interface ScriptedProviderOptions {
  id?: string;
  model?: string;
  contextWindow?: number;
  /** Characters per streamed text delta (default 8). */
  chunkSize?: number;
  /** Delay between streamed deltas, so tests can abort mid-stream (default 0). */
  chunkDelayMs?: number;
  /** Price per million tokens, to exercise cost budgets. */
  pricePerMillion?: { input: number; output: number };
}

export interface ScriptedProvider extends ProviderV1 {
  /** Every request received, in order (deep copies). */
  readonly requests: ModelRequest[];
  /** How many turns of the script are left. */
  remaining(): number;
}

/** A rough, deterministic token estimate: four characters a token. */
function estimateTokens(messages: readonly Message[]): number {
  return Math.ceil(JSON.stringify(messages).length / 4);
}

function sleep(ms: number, signal: AbortSignal | undefined, provider: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(provider));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(provider));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortError(provider: string): ProviderError {
  return providerError({ code: 'provider.aborted', message: 'the model call was aborted', provider, retryable: false });
}

/**
 * A provider that replays a script of assistant turns and records every request.
 * The double Warden's own tests and the offline demo use.
 */
export function scriptedProvider(script: readonly ScriptedTurn[], options: ScriptedProviderOptions = {}): ScriptedProvider {
  const id = options.id ?? 'scripted';
  const model = options.model ?? 'scripted-model';
  const requests: ModelRequest[] = [];
  const turns = [...script];
  let index = 0;

  async function next(request: ModelRequest, signal?: AbortSignal): Promise<ModelResponse> {
    if (signal?.aborted) throw abortError(id);
    requests.push(structuredClone(request));
    const turnIndex = index;
    if (turnIndex >= turns.length) {
      throw providerError({
        code: 'provider.script_exhausted',
        message: `the scripted provider has ${turns.length} turns and was asked for turn ${turnIndex + 1}`,
        provider: id,
        retryable: false,
      });
    }
    index += 1;
    let turn = turns[turnIndex] as ScriptedTurn;
    while (typeof turn === 'function') turn = await turn(request, turnIndex);
    if (turn instanceof Error) throw turn;
    const reply: ScriptedReply = typeof turn === 'string' ? { text: turn } : turn;
    if (reply.delayMs) await sleep(reply.delayMs, signal, id);
    return toResponse(reply, request, turnIndex);
  }

  function toResponse(reply: ScriptedReply, request: ModelRequest, turnIndex: number): ModelResponse {
    const message: AssistantMessage = { role: 'assistant', parts: [] };
    if (reply.thinking !== undefined) {
      const thinking = typeof reply.thinking === 'string' ? { text: reply.thinking } : reply.thinking;
      message.parts.push({ type: 'thinking', text: thinking.text, provider: id, ...(thinking.signature ? { signature: thinking.signature } : {}) });
    }
    if (reply.text) message.parts.push({ type: 'text', text: reply.text });
    (reply.toolCalls ?? []).forEach((call, i) => {
      message.parts.push({
        type: 'tool_call',
        id: call.id ?? `call_${turnIndex}_${i}`,
        name: call.name,
        args: call.args ?? {},
        ...(call.meta ? { meta: call.meta } : {}),
      });
    });
    const usage: Usage = {
      ...emptyUsage(),
      inputTokens: estimateTokens(request.messages),
      outputTokens: Math.ceil(JSON.stringify(message.parts).length / 4),
      ...reply.usage,
    };
    const price = options.pricePerMillion;
    const costUsd = reply.costUsd ?? (price ? (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1_000_000 : undefined);
    const hasCalls = (reply.toolCalls?.length ?? 0) > 0;
    return {
      message,
      usage,
      finishReason: reply.finishReason ?? (hasCalls ? 'tool_calls' : 'stop'),
      ...(costUsd !== undefined ? { costUsd } : {}),
      requestId: `scripted-${turnIndex}`,
      provider: id,
      model,
    };
  }

  async function* stream(request: ModelRequest, callOptions: CallOptions = {}): AsyncGenerator<StreamPart> {
    const response = await next(request, callOptions.signal);
    const chunk = Math.max(1, options.chunkSize ?? 8);
    for (const part of response.message.parts) {
      if (part.type === 'text' || part.type === 'thinking') {
        for (let i = 0; i < part.text.length; i += chunk) {
          if (options.chunkDelayMs) await sleep(options.chunkDelayMs, callOptions.signal, id);
          else if (callOptions.signal?.aborted) throw abortError(id);
          yield { type: part.type === 'text' ? 'text_delta' : 'thinking_delta', text: part.text.slice(i, i + chunk) };
        }
      }
    }
    let toolIndex = 0;
    for (const part of response.message.parts) {
      if (part.type !== 'tool_call') continue;
      yield { type: 'tool_call_delta', index: toolIndex++, id: part.id, name: part.name, argsDelta: JSON.stringify(part.args) };
    }
    yield { type: 'finish', response };
  }

  const provider: ScriptedProvider = {
    specificationVersion: 'v1',
    id,
    model,
    requests,
    remaining: () => turns.length - index,
    complete: (request, callOptions) => next(request, callOptions?.signal),
    stream,
  };
  if (options.contextWindow !== undefined) Object.assign(provider, { contextWindow: options.contextWindow });
  return provider;
}

import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { Message, ModelRequest } from '@warden/protocol';
import { asArr, asObj, asStr, badResponse, parseEventJson, streamCut } from '../shared/guards.js';
import {
  createHttpProvider,
  type AdapterStreamItem,
  type HttpProvider,
  type ParsedAnswer,
  type VendorAdapter,
  type VendorStreamReader,
} from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, vendorOptions, type CommonProviderOptions } from '../shared/provider-options.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';
import type { SseEvent } from '../sse/sse-parser.js';
import type { HttpRequest, RequestAuthorizer } from '../transport/http-transport.js';
import { withJsonFields } from '../shared/json-fragments.js';
import type { TurnJson } from '../shared/turns-json.js';
import { geminiContentsJson, geminiSystemInstruction, toGeminiTools } from './convert-messages.js';
import { geminiFinish, geminiUsage, readGeminiParts, syntheticCallIds } from './parse-response.js';

export interface GeminiOptions extends CommonProviderOptions {
  apiKey?: string;
  id?: string;
  /** Thinking budget in tokens and whether to return thought summaries. */
  thinking?: { budgetTokens?: number; includeThoughts?: boolean };
}

function parseGemini(provider: string, body: unknown): ParsedAnswer {
  const root = asObj(body);
  if (!root) throw badResponse(provider, 'the body is not an object');
  const candidate = asObj(asArr(root.candidates)[0]);
  const blocked = asStr(asObj(root.promptFeedback)?.blockReason) !== undefined;
  if (!candidate && !blocked) throw badResponse(provider, 'no candidates');
  const assembler = new MessageAssembler();
  readGeminiParts(asArr(asObj(candidate?.content)?.parts), assembler, syntheticCallIds());
  const answer: ParsedAnswer = {
    message: assembler.build((i) => `gcall_${i}`),
    usage: geminiUsage(root.usageMetadata),
    finishReason: geminiFinish(asStr(candidate?.finishReason), assembler.toolCallCount > 0, blocked),
  };
  const id = asStr(root.responseId);
  if (id) answer.responseId = id;
  return answer;
}

/** Reads a `streamGenerateContent?alt=sse` stream: whole-answer chunks; the body's end is the end marker. */
class GeminiStreamReader implements VendorStreamReader {
  private readonly assembler = new MessageAssembler();
  private readonly newId = syntheticCallIds();
  private reason: string | undefined;
  private blocked = false;
  private usage: unknown;
  private responseId: string | undefined;

  constructor(private readonly provider: string) {}

  event(event: SseEvent, out: AdapterStreamItem[]): boolean {
    const chunk = parseEventJson(this.provider, event.data);
    const error = asObj(chunk.error);
    if (error) throw errorFromStreamEvent(this.provider, { type: asStr(error.status), message: asStr(error.message) });
    this.responseId ??= asStr(chunk.responseId);
    if (chunk.usageMetadata !== undefined) this.usage = chunk.usageMetadata;
    if (asStr(asObj(chunk.promptFeedback)?.blockReason)) this.blocked = true;
    const candidate = asObj(asArr(chunk.candidates)[0]);
    for (const delta of readGeminiParts(asArr(asObj(candidate?.content)?.parts), this.assembler, this.newId)) out.push(delta);
    this.reason = asStr(candidate?.finishReason) ?? this.reason;
    return false;
  }

  finish(): ParsedAnswer {
    if (this.reason === undefined && !this.blocked) throw streamCut(this.provider);
    const answer: ParsedAnswer = {
      message: this.assembler.build((i) => `gcall_${i}`),
      usage: geminiUsage(this.usage),
      finishReason: geminiFinish(this.reason, this.assembler.toolCallCount > 0, this.blocked),
    };
    if (this.responseId) answer.responseId = this.responseId;
    return answer;
  }
}

/** Where and how a Gemini adapter posts: the Gemini API, or Vertex AI's publisher model URLs. */
export interface GeminiEndpoint {
  completeUrl: string;
  streamUrl: string;
  headers: Record<string, string>;
  authorize?: RequestAuthorizer;
}

/** The `generateContent` wire format at `endpoint`. */
export function geminiAdapter(id: string, options: Pick<GeminiOptions, 'thinking'>, endpoint: GeminiEndpoint): VendorAdapter {
  const { headers, streamUrl, completeUrl } = endpoint;
  const turns = new WeakMap<Message, TurnJson | null>();
  return {
    request(request: ModelRequest, stream: boolean) {
      const system = geminiSystemInstruction(request.messages);
      const extra = vendorOptions(request, ['gemini', id]);
      const generationConfig: Record<string, unknown> = { ...asObj(extra.generationConfig) };
      if (request.maxOutputTokens !== undefined) generationConfig.maxOutputTokens = request.maxOutputTokens;
      if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
      if (request.responseFormat) {
        generationConfig.responseMimeType = 'application/json';
        if (request.responseFormat.schema) generationConfig.responseJsonSchema = request.responseFormat.schema;
      }
      if (options.thinking && generationConfig.thinkingConfig === undefined) {
        const thinking: Record<string, unknown> = {};
        if (options.thinking.budgetTokens !== undefined) thinking.thinkingBudget = options.thinking.budgetTokens;
        if (options.thinking.includeThoughts !== undefined) thinking.includeThoughts = options.thinking.includeThoughts;
        generationConfig.thinkingConfig = thinking;
      }
      const body: Record<string, unknown> = { ...extra };
      delete body.contents;
      if (system) body.systemInstruction = system;
      Object.assign(body, toGeminiTools(request));
      if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
      // Each message's parts are serialised once per adapter: see geminiContentsJson.
      const json = withJsonFields(JSON.stringify(body), [['contents', geminiContentsJson(request.messages, turns)]]);
      const out: HttpRequest = { url: stream ? streamUrl : completeUrl, headers, json };
      if (endpoint.authorize) out.authorize = endpoint.authorize;
      return out;
    },
    parse: (body) => parseGemini(id, body),
    streamReader: () => new GeminiStreamReader(id),
  };
}

const GEMINI_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  apiKey: true, id: true, thinking: true,
} satisfies OptionKeys<GeminiOptions>;

/** Google's Gemini API (`generateContent` / `streamGenerateContent`). */
export function gemini(options: GeminiOptions): HttpProvider {
  strictOptions('gemini', GEMINI_KEYS, options);
  const id = options.id ?? 'gemini';
  if (!options.apiKey) throw notConfigured(id, 'no API key', 'Set GEMINI_API_KEY or pass apiKey.');
  if (!options.model) throw notConfigured(id, 'no model', 'Set GEMINI_MODEL or pass model.');
  const base = trimSlash(options.baseURL ?? 'https://generativelanguage.googleapis.com/v1beta');
  const headers: Record<string, string> = { ...options.headers, 'x-goog-api-key': options.apiKey };
  const model = encodeURIComponent(options.model.replace(/^models\//, ''));
  const adapter = geminiAdapter(id, options, {
    streamUrl: `${base}/models/${model}:streamGenerateContent?alt=sse`,
    completeUrl: `${base}/models/${model}:generateContent`,
    headers,
  });
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model: options.model,
    adapter,
    transport: buildTransport(id, options),
    prices: pricesOf(options),
    priceProvider: 'gemini',
    wire: 'gemini',
    parameters: options.parameters,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}

import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { JsonObject, Message, ModelRequest } from '@warden/protocol';
import { createHttpProvider, type HttpProvider, type VendorAdapter } from '../shared/http-provider.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, vendorOptions, type CommonProviderOptions } from '../shared/provider-options.js';
import { withJsonFields } from '../shared/json-fragments.js';
import type { TurnJson } from '../shared/turns-json.js';
import type { HttpRequest } from '../transport/http-transport.js';
import { anthropicMessagesJson, anthropicSystemBlocks, toAnthropicTools } from './convert-messages.js';
import { parseAnthropicResponse } from './parse-response.js';
import { AnthropicStreamReader } from './stream.js';

export interface AnthropicOptions extends CommonProviderOptions {
  apiKey?: string;
  id?: string;
  /** `anthropic-version` header (default `2023-06-01`). */
  version?: string;
  /** `anthropic-beta` flags. */
  beta?: string[];
  /** `max_tokens` when the request sets none (default 4096; the API requires one). */
  defaultMaxTokens?: number;
  /** Extended thinking with this token budget (must be below max tokens). */
  thinking?: { budgetTokens: number };
  /** Mark the system prompt and tools as a prompt-cache prefix. */
  cachePrompt?: boolean;
}

const ANTHROPIC_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  apiKey: true, id: true, version: true, beta: true, defaultMaxTokens: true, thinking: true, cachePrompt: true,
} satisfies OptionKeys<AnthropicOptions>;

/** Where an Anthropic-wire request goes: the API itself, or a cloud platform serving Claude. */
export interface AnthropicTarget {
  completeUrl: string;
  streamUrl: string;
  headers: Record<string, string>;
  authorize?: HttpRequest['authorize'];
  /** Vertex AI: the model is in the URL, and the body names `anthropic_version` instead of the header. */
  bodyVersion?: string;
}

/** The Anthropic Messages wire as an adapter, for `anthropic` and `vertexAnthropic`. */
export function anthropicAdapter(id: string, options: Pick<AnthropicOptions, 'model' | 'defaultMaxTokens' | 'thinking' | 'cachePrompt' | 'parameters'>, target: AnthropicTarget): VendorAdapter {
  const cachePrompt = options.cachePrompt ?? options.parameters?.cache === true;
  const turns = new WeakMap<Message, TurnJson | null>();
  return {
    request(request: ModelRequest, stream: boolean) {
      const system = anthropicSystemBlocks(request.messages);
      const body: Record<string, unknown> = { ...vendorOptions(request, ['anthropic', id]) };
      delete body.messages;
      if (target.bodyVersion) {
        delete body.model;
        body.anthropic_version = target.bodyVersion;
      } else body.model = options.model;
      body.max_tokens = request.maxOutputTokens ?? options.defaultMaxTokens ?? 4096;
      if (system.length > 0) {
        const last = system.at(-1);
        if (cachePrompt && last) last.cache_control = { type: 'ephemeral' };
        body.system = system;
      }
      Object.assign(body, toAnthropicTools(request, cachePrompt));
      if (request.temperature !== undefined) body.temperature = Math.min(1, request.temperature);
      if (options.thinking && body.thinking === undefined) {
        body.thinking = { type: 'enabled', budget_tokens: options.thinking.budgetTokens } satisfies JsonObject;
      }
      if (stream) body.stream = true;
      else delete body.stream;
      // Each message's blocks are serialised once per adapter: see anthropicMessagesJson.
      const json = withJsonFields(JSON.stringify(body), [['messages', anthropicMessagesJson(request.messages, turns)]]);
      const out: HttpRequest = { url: stream ? target.streamUrl : target.completeUrl, headers: target.headers, json };
      if (target.authorize) out.authorize = target.authorize;
      return out;
    },
    parse: (body) => parseAnthropicResponse(id, body),
    streamReader: () => new AnthropicStreamReader(id),
  };
}

/** Anthropic's Messages API. */
export function anthropic(options: AnthropicOptions): HttpProvider {
  strictOptions('anthropic', ANTHROPIC_KEYS, options);
  const id = options.id ?? 'anthropic';
  if (!options.apiKey) throw notConfigured(id, 'no API key', 'Set ANTHROPIC_API_KEY or pass apiKey.');
  if (!options.model) throw notConfigured(id, 'no model', 'Set ANTHROPIC_MODEL or pass model.');
  const base = trimSlash(options.baseURL ?? 'https://api.anthropic.com');
  const headers: Record<string, string> = {
    ...options.headers,
    'x-api-key': options.apiKey,
    'anthropic-version': options.version ?? '2023-06-01',
  };
  if (options.beta && options.beta.length > 0) headers['anthropic-beta'] = options.beta.join(',');
  const url = `${base}/v1/messages`;
  const adapter = anthropicAdapter(id, options, { completeUrl: url, streamUrl: url, headers });
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model: options.model,
    adapter,
    transport: buildTransport(id, options),
    prices: pricesOf(options),
    priceProvider: 'anthropic',
    wire: 'anthropic',
    parameters: options.parameters,
    defaultMaxTokens: options.defaultMaxTokens ?? 4096,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}

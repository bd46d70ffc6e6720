import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { Message, ModelRequest, ToolSpec } from '@warden/protocol';
import { createHttpProvider, type HttpProvider, type VendorAdapter } from '../shared/http-provider.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, vendorOptions, type CommonProviderOptions } from '../shared/provider-options.js';
import type { HttpRequest, RequestAuthorizer } from '../transport/http-transport.js';
import { JsonFragments, withJsonFields } from '../shared/json-fragments.js';
import { openAIMessageJson, toOpenAITool, toOpenAIToolChoice } from './convert-messages.js';
import { parseOpenAIResponse } from './parse-response.js';
import { OpenAIStreamReader } from './stream.js';

export interface OpenAIChatOptions extends CommonProviderOptions {
  apiKey?: string;
  /** The provider id reported in responses, errors and notices (default `openai`). */
  id?: string;
  organization?: string;
  project?: string;
  /** `max_completion_tokens` (OpenAI) or `max_tokens` (most compatible hosts). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Ask for usage in the last stream chunk (default true). */
  streamUsage?: boolean;
  /** A local server: no key needed and `costUsd` is 0. */
  local?: boolean;
}

/** Where and how a Chat Completions adapter posts: a host's `/chat/completions`, or a platform's deployment URL. */
export interface ChatEndpoint {
  url: string;
  headers: Record<string, string>;
  authorize?: RequestAuthorizer;
}

function openaiEndpoint(options: OpenAIChatOptions, baseURL: string): ChatEndpoint {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  if (options.organization) headers['openai-organization'] = options.organization;
  if (options.project) headers['openai-project'] = options.project;
  return { url: `${baseURL}/chat/completions`, headers };
}

/** The Chat Completions wire format for `options.model` at `endpoint`. */
export function chatAdapter(id: string, options: OpenAIChatOptions, endpoint: ChatEndpoint): VendorAdapter {
  const { url, headers } = endpoint;
  const maxField = options.maxTokensField ?? 'max_tokens';
  const messagesJson = new JsonFragments<Message>(openAIMessageJson);
  const toolsJson = new JsonFragments<ToolSpec>((tool) => JSON.stringify(toOpenAITool(tool)));
  return {
    request(request: ModelRequest, stream: boolean): HttpRequest {
      const body: Record<string, unknown> = { ...vendorOptions(request, ['openai', id]) };
      body.model = options.model;
      const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
      delete body.messages;
      if (tools) delete body.tools;
      if (request.toolChoice !== undefined) body.tool_choice = toOpenAIToolChoice(request.toolChoice);
      if (request.maxOutputTokens !== undefined) body[maxField] = request.maxOutputTokens;
      if (request.temperature !== undefined) body.temperature = request.temperature;
      if (request.responseFormat) {
        body.response_format = request.responseFormat.schema
          ? { type: 'json_schema', json_schema: { name: request.responseFormat.name ?? 'output', schema: request.responseFormat.schema } }
          : { type: 'json_object' };
      }
      if (stream) {
        body.stream = true;
        if (options.streamUsage !== false) body.stream_options = { include_usage: true };
      } else {
        delete body.stream;
        delete body.stream_options;
      }
      const json = withJsonFields(JSON.stringify(body), [
        ['messages', messagesJson.array(request.messages)],
        ['tools', tools && toolsJson.array(tools)],
      ]);
      const out: HttpRequest = { url, headers, json };
      if (endpoint.authorize) out.authorize = endpoint.authorize;
      return out;
    },
    parse: (body) => parseOpenAIResponse(id, body),
    streamReader: () => new OpenAIStreamReader(id),
  };
}

const CHAT_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  apiKey: true, id: true, organization: true, project: true, maxTokensField: true, streamUsage: true, local: true,
} satisfies OptionKeys<OpenAIChatOptions>;

/** Any server speaking OpenAI Chat Completions at `baseURL`. */
export function openaiCompatible(options: OpenAIChatOptions & { baseURL: string }): HttpProvider {
  strictOptions('openaiCompatible', CHAT_KEYS, options);
  const id = options.id ?? 'openai-compatible';
  if (!options.baseURL) throw notConfigured(id, 'no base URL', 'Pass baseURL, e.g. http://localhost:8000/v1.');
  if (!options.model) throw notConfigured(id, 'no model', 'Pass model.');
  const base = trimSlash(options.baseURL);
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model: options.model,
    adapter: chatAdapter(id, options, openaiEndpoint(options, base)),
    transport: buildTransport(id, options),
    prices: pricesOf(options),
    priceProvider: id,
    wire: 'openai-chat',
    parameters: options.parameters,
    free: options.local === true,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}

/** OpenAI's own Chat Completions API. */
export function openai(options: OpenAIChatOptions): HttpProvider {
  strictOptions('openai', CHAT_KEYS, options);
  const id = options.id ?? 'openai';
  if (!options.apiKey) throw notConfigured(id, 'no API key', 'Set OPENAI_API_KEY or pass apiKey.');
  return openaiCompatible({ maxTokensField: 'max_completion_tokens', ...options, id, baseURL: options.baseURL ?? 'https://api.openai.com/v1' });
}

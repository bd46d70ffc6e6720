import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { JsonObject, Message, ModelRequest, ToolSpec } from '@warden/protocol';
import { asObj, asStr, badResponse } from '../shared/guards.js';
import { isOpenAIReasoning } from '../parameters/model-family.js';
import { createHttpProvider, type HttpProvider, type VendorAdapter } from '../shared/http-provider.js';
import { JsonFragments, withJsonFields } from '../shared/json-fragments.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, vendorOptions, type CommonProviderOptions } from '../shared/provider-options.js';
import type { HttpRequest, RequestAuthorizer } from '../transport/http-transport.js';
import { responsesInputJson, toResponsesTextFormat, toResponsesTool, toResponsesToolChoice } from './convert-input.js';
import { parseResponseObject } from './output-items.js';
import { failedResponseError } from './response-error.js';
import { ResponsesStreamReader } from './stream.js';

export interface OpenAIResponsesOptions extends CommonProviderOptions {
  apiKey?: string;
  /** The provider id reported in responses, errors and notices (default `openai-responses`). */
  id?: string;
  organization?: string;
  project?: string;
  /**
   * Keep responses on OpenAI's side (`store`, default false). Stateless by default: every call
   * sends the whole conversation, reasoning included as encrypted content.
   */
  store?: boolean;
  /** `reasoning` for reasoning models: effort and whether to return a summary (`summary: 'auto'`). */
  reasoning?: { effort?: 'minimal' | 'low' | 'medium' | 'high'; summary?: 'auto' | 'concise' | 'detailed' };
  /**
   * `include` (default: `['reasoning.encrypted_content']` when `reasoning` is set and `store` is
   * off, so reasoning can be sent back; non-reasoning models reject it).
   */
  include?: string[];
  /**
   * Built-in tools the vendor runs itself, sent as they are beside the function tools, e.g.
   * `[{ type: 'web_search' }]`. Their calls come back as thinking parts (see `responsesBuiltinCalls`)
   * and are never executed by the loop.
   */
  builtinTools?: JsonObject[];
}

/** Where and how a Responses adapter posts: OpenAI's own API, or a platform in front of it. */
export interface ResponsesEndpoint {
  url: string;
  headers: Record<string, string>;
  authorize?: RequestAuthorizer;
}

/** The Responses wire format for `options.model` at `endpoint`. */
export function responsesAdapter(id: string, options: OpenAIResponsesOptions, endpoint: ResponsesEndpoint): VendorAdapter {
  const stored = options.store === true;
  const p = options.parameters;
  const reasons = options.reasoning !== undefined || (isOpenAIReasoning(options.model) && (p?.effort !== undefined || p?.thinkingBudget !== undefined));
  const include = options.include ?? (reasons && !stored ? ['reasoning.encrypted_content'] : undefined);
  const inputJson = new JsonFragments<Message>(responsesInputJson);
  const toolsJson = new JsonFragments<ToolSpec>((tool) => JSON.stringify(toResponsesTool(tool)));
  const builtin = options.builtinTools && options.builtinTools.length > 0 ? options.builtinTools.map((t) => JSON.stringify(t)).join(',') : undefined;
  return {
    request(request: ModelRequest, stream: boolean): HttpRequest {
      const body: Record<string, unknown> = { ...vendorOptions(request, ['openai', id]) };
      delete body.input;
      delete body.messages;
      body.model = options.model;
      body.store = stored;
      if (include) body.include = include;
      if (options.reasoning && body.reasoning === undefined) body.reasoning = options.reasoning;
      const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
      let toolsText: string | undefined;
      if (tools || builtin) {
        delete body.tools;
        const functions = tools ? toolsJson.array(tools).slice(1, -1) : '';
        toolsText = `[${[functions, builtin].filter((t) => t !== undefined && t !== '').join(',')}]`;
      }
      if (request.toolChoice !== undefined) body.tool_choice = toResponsesToolChoice(request.toolChoice);
      if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
      if (request.temperature !== undefined) body.temperature = request.temperature;
      if (request.responseFormat) body.text = toResponsesTextFormat(request.responseFormat);
      if (stream) body.stream = true;
      else delete body.stream;
      const json = withJsonFields(JSON.stringify(body), [
        ['input', inputJson.array(request.messages)],
        ['tools', toolsText],
      ]);
      const out: HttpRequest = { url: endpoint.url, headers: endpoint.headers, json };
      if (endpoint.authorize) out.authorize = endpoint.authorize;
      return out;
    },
    parse(body) {
      const root = asObj(body);
      if (!root) throw badResponse(id, 'the body is not an object');
      if (asStr(root.status) === 'failed') throw failedResponseError(id, root);
      return parseResponseObject(id, root, stored);
    },
    streamReader: () => new ResponsesStreamReader(id, stored),
  };
}

const RESPONSES_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  apiKey: true, id: true, organization: true, project: true, store: true, reasoning: true, include: true, builtinTools: true,
} satisfies OptionKeys<OpenAIResponsesOptions>;

/** OpenAI's Responses API (`POST /v1/responses`), beside Chat Completions (`openai`). */
export function openaiResponses(options: OpenAIResponsesOptions): HttpProvider {
  strictOptions('openaiResponses', RESPONSES_KEYS, options);
  const id = options.id ?? 'openai-responses';
  if (!options.apiKey) throw notConfigured(id, 'no API key', 'Set OPENAI_API_KEY or pass apiKey.');
  if (!options.model) throw notConfigured(id, 'no model', 'Set OPENAI_MODEL or pass model.');
  const headers: Record<string, string> = { ...options.headers, authorization: `Bearer ${options.apiKey}` };
  if (options.organization) headers['openai-organization'] = options.organization;
  if (options.project) headers['openai-project'] = options.project;
  const url = `${trimSlash(options.baseURL ?? 'https://api.openai.com/v1')}/responses`;
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model: options.model,
    adapter: responsesAdapter(id, options, { url, headers }),
    transport: buildTransport(id, options),
    prices: pricesOf(options),
    priceProvider: 'openai',
    wire: 'openai-responses',
    parameters: options.parameters,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}

import { configError } from '../errors/coded-errors.js';
import { ConfigError, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { chatAdapter, type OpenAIChatOptions } from '../openai/chat-completions.js';
import { responsesAdapter, type OpenAIResponsesOptions } from '../openai-responses/responses.js';
import { createHttpProvider, type HttpProvider } from '../shared/http-provider.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, type CommonProviderOptions } from '../shared/provider-options.js';
import type { RequestAuthorizer } from '../transport/http-transport.js';

/** An Entra ID access token for `https://cognitiveservices.azure.com/.default`, fetched (and cached) by the caller. */
export type AzureTokenFunction = () => string | Promise<string>;

export interface AzureOpenAIOptions extends Omit<CommonProviderOptions, 'model'> {
  /** The deployment name: it is in the URL and decides the model. */
  deployment: string;
  /** `api-version`, required: `2024-10-21`, `2025-04-01-preview`, … */
  apiVersion: string;
  /** The resource name (`https://{resource}.openai.azure.com`), or pass `baseURL` (an AI Foundry or custom-domain endpoint). */
  resource?: string;
  /** Sent as the `api-key` header. Exactly one of `apiKey` and `token`. */
  apiKey?: string;
  /** Entra ID: called for every attempt, sent as `Authorization: Bearer …`. */
  token?: AzureTokenFunction;
  /** The model behind the deployment (`gpt-4o`), for prices and the context window (default: the deployment name). */
  model?: string;
  /** The provider id (default `azure-openai`). */
  id?: string;
  /** `chat` (Chat Completions, default) or `responses` (the Responses API). */
  api?: 'chat' | 'responses';
  /** Chat Completions: the max-tokens field (default `max_completion_tokens`, which o-series deployments need). */
  maxTokensField?: OpenAIChatOptions['maxTokensField'];
  /** Responses API options (`api: 'responses'`). */
  responses?: Pick<OpenAIResponsesOptions, 'store' | 'reasoning' | 'include' | 'builtinTools'>;
}

const API_VERSION = /^\d{4}-\d{2}-\d{2}(-preview)?$/;

function invalid(message: string, hint: string): ConfigError {
  return configError({ code: 'config.invalid', message, hint });
}

const AZURE_KEYS = {
  baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  deployment: true, apiVersion: true, resource: true, apiKey: true, token: true, model: true, id: true, api: true, maxTokensField: true, responses: true,
} satisfies OptionKeys<AzureOpenAIOptions>;

/** Azure OpenAI / Azure AI Foundry deployments: `/openai/deployments/{deployment}/chat/completions?api-version=…`. */
export function azureOpenAI(options: AzureOpenAIOptions): HttpProvider {
  strictOptions('azureOpenAI', AZURE_KEYS, options);
  const id = options.id ?? 'azure-openai';
  if (!options.deployment) throw notConfigured(id, 'no deployment', 'Pass deployment (the name in the Azure portal, under Deployments).');
  if (!options.apiVersion) throw notConfigured(id, 'no api-version', 'Pass apiVersion, e.g. 2024-10-21 (or a -preview version for newer features).');
  if (!API_VERSION.test(options.apiVersion)) {
    throw invalid(`azure-openai: api-version "${options.apiVersion}" is not a date version`, 'Use YYYY-MM-DD or YYYY-MM-DD-preview, e.g. 2024-10-21.');
  }
  if (options.apiKey && options.token) throw invalid('azure-openai: both apiKey and token are set', 'Pass one: apiKey (the api-key header) or token (Entra ID).');
  if (!options.apiKey && !options.token) throw notConfigured(id, 'no credentials', 'Set AZURE_OPENAI_API_KEY (apiKey) or pass token, an Entra ID token function.');
  const root = options.baseURL ?? (options.resource ? `https://${options.resource}.openai.azure.com` : undefined);
  if (!root) throw notConfigured(id, 'no endpoint', 'Pass resource (the Azure resource name) or baseURL.');
  const base = trimSlash(root);
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers['api-key'] = options.apiKey;
  const token = options.token;
  const authorize: RequestAuthorizer | undefined = token ? async () => ({ authorization: `Bearer ${await token()}` }) : undefined;
  const query = `api-version=${encodeURIComponent(options.apiVersion)}`;
  const model = options.model ?? options.deployment;
  const endpoint = (path: string) => ({ url: `${base}${path}?${query}`, headers, ...(authorize ? { authorize } : {}) });
  // Azure takes the deployment from the URL; for the Responses API the body's `model` names the deployment.
  const adapter =
    options.api === 'responses'
      ? responsesAdapter(id, { ...options.responses, model: options.deployment, ...(options.parameters ? { parameters: options.parameters } : {}) }, endpoint('/openai/responses'))
      : chatAdapter(id, { model, maxTokensField: options.maxTokensField ?? 'max_completion_tokens' }, endpoint(`/openai/deployments/${encodeURIComponent(options.deployment)}/chat/completions`));
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model,
    adapter,
    transport: buildTransport(id, { ...options, model }),
    prices: pricesOf({ ...options, model }),
    priceProvider: 'openai',
    wire: options.api === 'responses' ? 'openai-responses' : 'openai-chat',
    parameters: options.parameters,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}

import { configError } from '../errors/coded-errors.js';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { anthropicAdapter, type AnthropicOptions } from '../anthropic/messages.js';
import { createHttpProvider, type HttpProvider } from '../shared/http-provider.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, type CommonProviderOptions } from '../shared/provider-options.js';
import type { GoogleTokenFunction } from './vertex-gemini.js';
import { publisherModelSegment } from './publisher-model-path.js';

export interface VertexAnthropicOptions extends CommonProviderOptions {
  /** The Google Cloud project id. */
  project: string;
  /** The region (`us-east5`, `europe-west1`…) or `global`. */
  location: string;
  /** Called for every attempt; sent as `Authorization: Bearer …` (see `serviceAccountToken`). */
  token: GoogleTokenFunction;
  /** The provider id (default `vertex-anthropic`). */
  id?: string;
  /** `max_tokens` when the request sets none (default 4096). */
  defaultMaxTokens?: number;
  thinking?: AnthropicOptions['thinking'];
  cachePrompt?: boolean;
}

const LOCATION = /^(global|[a-z]+-[a-z]+\d+)$/;
/** The `anthropic_version` Vertex AI takes in the body. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

const VERTEX_ANTHROPIC_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  project: true, location: true, token: true, id: true, defaultMaxTokens: true, thinking: true, cachePrompt: true,
} satisfies OptionKeys<VertexAnthropicOptions>;

/**
 * Claude on Google Vertex AI: `…/publishers/anthropic/models/{model}:rawPredict` and
 * `:streamRawPredict`, the Anthropic Messages body with `anthropic_version: "vertex-2023-10-16"`
 * and no `model` field (it is in the URL), a Google bearer token for every attempt.
 */
export function vertexAnthropic(options: VertexAnthropicOptions): HttpProvider {
  strictOptions('vertexAnthropic', VERTEX_ANTHROPIC_KEYS, options);
  const id = options.id ?? 'vertex-anthropic';
  if (!options.model) throw notConfigured(id, 'no model', 'Pass model, e.g. claude-sonnet-4@20250514.');
  if (!options.project) throw notConfigured(id, 'no project', 'Pass project (the Google Cloud project id).');
  if (!options.location) throw notConfigured(id, 'no location', 'Pass location, e.g. us-east5 or global.');
  if (!LOCATION.test(options.location)) {
    throw configError({ code: 'config.invalid', message: `vertex-anthropic: location "${options.location}" is not a region`, hint: 'Use a region such as us-east5, or global.' });
  }
  if (typeof options.token !== 'function') throw notConfigured(id, 'no token function', 'Pass token, a function returning a Google access token.');
  const host = options.location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${options.location}-aiplatform.googleapis.com`;
  const base = `${trimSlash(options.baseURL ?? host)}/v1/projects/${encodeURIComponent(options.project)}/locations/${options.location}/publishers/anthropic/models/${publisherModelSegment(options.model)}`;
  // Vertex names Claude versions `claude-sonnet-4@20250514`: the `@` stays as it is in the path.
  const token = options.token;
  const adapter = anthropicAdapter(id, options, {
    completeUrl: `${base}:rawPredict`,
    streamUrl: `${base}:streamRawPredict`,
    headers: { ...options.headers },
    authorize: async () => ({ authorization: `Bearer ${await token()}` }),
    bodyVersion: VERTEX_ANTHROPIC_VERSION,
  });
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

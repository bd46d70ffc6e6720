import { configError } from '../errors/coded-errors.js';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import { geminiAdapter, type GeminiOptions } from '../gemini/generate-content.js';
import { createHttpProvider, type HttpProvider } from '../shared/http-provider.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, type CommonProviderOptions } from '../shared/provider-options.js';
import { publisherModelSegment } from './publisher-model-path.js';

/** A Google OAuth access token (`cloud-platform` scope), fetched and refreshed by the caller. */
export type GoogleTokenFunction = () => string | Promise<string>;

export interface VertexGeminiOptions extends CommonProviderOptions {
  /** The Google Cloud project id. */
  project: string;
  /** The region (`us-central1`, `europe-west4`…) or `global`. */
  location: string;
  /**
   * Called for every attempt; sent as `Authorization: Bearer …`. With google-auth-library:
   * `const client = await new GoogleAuth({ scopes: 'https://www.googleapis.com/auth/cloud-platform' }).getClient();`
   * `token: async () => (await client.getAccessToken()).token ?? ''` (it refreshes before expiry).
   */
  token: GoogleTokenFunction;
  /** The provider id (default `vertex`). */
  id?: string;
  thinking?: GeminiOptions['thinking'];
}

const LOCATION = /^(global|[a-z]+-[a-z]+\d+)$/;

const VERTEX_GEMINI_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  project: true, location: true, token: true, id: true, thinking: true,
} satisfies OptionKeys<VertexGeminiOptions>;

/** Gemini on Google Vertex AI: `…/projects/{project}/locations/{location}/publishers/google/models/{model}:generateContent`. */
export function vertexGemini(options: VertexGeminiOptions): HttpProvider {
  strictOptions('vertexGemini', VERTEX_GEMINI_KEYS, options);
  const id = options.id ?? 'vertex';
  if (!options.model) throw notConfigured(id, 'no model', 'Pass model, e.g. gemini-2.5-flash.');
  if (!options.project) throw notConfigured(id, 'no project', 'Pass project (the Google Cloud project id).');
  if (!options.location) throw notConfigured(id, 'no location', 'Pass location, e.g. us-central1 or global.');
  if (!LOCATION.test(options.location)) {
    throw configError({ code: 'config.invalid', message: `vertex: location "${options.location}" is not a region`, hint: 'Use a region such as us-central1, or global.' });
  }
  if (typeof options.token !== 'function') throw notConfigured(id, 'no token function', 'Pass token, a function returning a Google access token.');
  const host = options.location === 'global' ? 'https://aiplatform.googleapis.com' : `https://${options.location}-aiplatform.googleapis.com`;
  const base = `${trimSlash(options.baseURL ?? host)}/v1/projects/${encodeURIComponent(options.project)}/locations/${options.location}/publishers/google/models/${publisherModelSegment(options.model)}`;
  const token = options.token;
  const adapter = geminiAdapter(id, options, {
    completeUrl: `${base}:generateContent`,
    streamUrl: `${base}:streamGenerateContent?alt=sse`,
    headers: { ...options.headers },
    authorize: async () => ({ authorization: `Bearer ${await token()}` }),
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

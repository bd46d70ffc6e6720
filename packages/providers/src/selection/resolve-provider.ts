import { configError, providerError } from '../errors/coded-errors.js';
import { didYouMean, strictOptions } from '@warden/protocol/checks';
import type { OptionKeys, ProviderV1 } from '@warden/protocol';
import { anthropic } from '../anthropic/messages.js';
import { gemini } from '../gemini/generate-content.js';
import { openai, openaiCompatible } from '../openai/chat-completions.js';
import { openaiPreset } from '../openai/presets.js';
import { openaiResponses } from '../openai-responses/responses.js';
import type { PriceTable } from '../pricing/price-table.js';
import type { HttpProvider } from '../shared/http-provider.js';
import type { TransportOptions } from '../transport/http-transport.js';
import { cloudPlatformEnv } from './cloud-platform-env.js';
import { envPrefix, inferProvider, PROVIDER_CATALOG, providerInfo, type ProviderInfo } from './provider-catalog.js';
import { fieldValues } from './plugin-fields.js';
import { checkPluginProvider, describeProviderPlugin, type ProviderCatalog, type ProviderPlugin, type ProviderPluginContext } from './provider-plugins.js';

/** An environment to read: pass `process.env` (or a copy) explicitly. */
export type Env = Readonly<Record<string, string | undefined>>;

export interface ResolveProviderOptions {
  /** An explicit provider id; wins over everything. */
  provider?: string;
  /** An explicit model; wins over every variable. */
  model?: string;
  apiKey?: string;
  baseURL?: string;
  env?: Env;
  transport?: Omit<TransportOptions, 'provider'>;
  prices?: PriceTable;
  /**
   * The providers to choose from: `withProviders(DEFAULT_PROVIDER_CATALOG, [plugin…])` adds
   * plugins, selectable by name only (explicitly or `WARDEN_PROVIDER`), never inferred.
   */
  catalog?: ProviderCatalog;
}

const RESOLVE_KEYS = {
  provider: true, model: true, apiKey: true, baseURL: true, env: true, transport: true, prices: true, catalog: true,
} satisfies OptionKeys<ResolveProviderOptions>;

const set = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * The key a provider gets from the environment: its own variables, then
 * `WARDEN_API_KEY` for cloud providers only. A local server never gets a
 * cloud key — only one set in its own `<ID>_API_KEY`.
 */
export function keyFromEnv(info: ProviderInfo, env: Env): { value?: string; variable?: string } {
  for (const name of info.keyVars) {
    const value = set(env, name);
    if (value) return { value, variable: name };
  }
  if (!info.local) {
    const value = set(env, 'WARDEN_API_KEY');
    if (value) return { value, variable: 'WARDEN_API_KEY' };
  }
  return {};
}

/** The model for a provider: explicit, `<ID>_MODEL`, `WARDEN_MODEL` (if it fits this provider; always for the generic endpoint), then the default. */
export function modelFromEnv(info: ProviderInfo, env: Env, explicit?: string): string | undefined {
  if (explicit) return explicit;
  const own = set(env, `${envPrefix(info.id)}_MODEL`);
  if (own) return own;
  const generic = set(env, 'WARDEN_MODEL');
  if (generic) {
    const implied = inferProvider(generic);
    // A generic endpoint serves whatever it serves: a model called gpt-… behind a proxy is still its model.
    if (implied === undefined || implied === info.id || implied === info.family || info.id === 'openai-compatible') return generic;
  }
  return info.defaultModel;
}

function chooseId(options: ResolveProviderOptions, env: Env): string {
  const explicit = options.provider ?? set(env, 'WARDEN_PROVIDER');
  if (explicit) return explicit;
  // A base URL alone means "this OpenAI-compatible endpoint", whatever the model is called.
  if (options.baseURL ?? set(env, 'WARDEN_BASE_URL')) return 'openai-compatible';
  const implied = inferProvider(options.model ?? set(env, 'WARDEN_MODEL'));
  if (implied) return implied;
  const withKey = PROVIDER_CATALOG.find((info) => !info.local && info.keyVars.some((name) => set(env, name)));
  if (withKey) return withKey.id;
  throw providerError({
    code: 'provider.not_configured',
    message: 'no provider is selected and no provider key is set',
    hint: 'Set WARDEN_PROVIDER and its key (e.g. ANTHROPIC_API_KEY), pass --provider, point at any OpenAI-compatible endpoint with --base-url URL --model NAME (or WARDEN_BASE_URL), or run a local server (WARDEN_PROVIDER=ollama). `warden demo` runs offline with no model at all.',
    provider: 'none',
    retryable: false,
  });
}

/** A plugin's provider: its own `<ID>_MODEL`, `<ID>_API_KEY`, `<ID>_BASE_URL`, never a shared key. */
function fromPlugin(plugin: ProviderPlugin, options: ResolveProviderOptions, env: Env): ProviderV1 {
  const prefix = envPrefix(plugin.name);
  const generic = set(env, 'WARDEN_MODEL');
  const model = options.model ?? set(env, `${prefix}_MODEL`) ?? (generic && inferProvider(generic) === undefined ? generic : undefined) ?? plugin.defaultModel;
  const apiKey = options.apiKey ?? set(env, `${prefix}_API_KEY`);
  const baseURL = options.baseURL ?? set(env, `${prefix}_BASE_URL`);
  const missing = describeProviderPlugin(plugin, env).missing;
  if (missing.length > 0) {
    throw configError({ code: 'config.invalid', message: `provider "${plugin.name}" needs ${missing.join(', ')}`, hint: `Set ${missing.map((name) => plugin.fields?.find((f) => f.name === name)?.env ?? name).join(', ')} (see warden providers ${plugin.name}).` });
  }
  const context: ProviderPluginContext = {
    id: plugin.name,
    env,
    fields: fieldValues(plugin.fields, env),
    ...(model ? { model } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(baseURL ? { baseURL } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.prices ? { prices: options.prices } : {}),
  };
  return checkPluginProvider(plugin.name, plugin.create(context));
}

/** Builds the provider that the explicit options and the environment select. */
export function resolveProvider(options?: ResolveProviderOptions & { catalog?: undefined }): HttpProvider;
/** With a catalogue, the choice may be a plugin's provider: a `ProviderV1`. */
export function resolveProvider(options: ResolveProviderOptions): ProviderV1;
export function resolveProvider(options: ResolveProviderOptions = {}): HttpProvider | ProviderV1 {
  strictOptions('resolveProvider', RESOLVE_KEYS, options);
  const env = options.env ?? {};
  const id = chooseId(options, env);
  const plugin = options.catalog?.plugins.find((p) => p.name === id);
  if (plugin) return fromPlugin(plugin, options, env);
  const info = providerInfo(id);
  if (!info) {
    const known = [...PROVIDER_CATALOG.map((p) => p.id), ...(options.catalog?.plugins.map((p) => p.name) ?? [])];
    const guess = didYouMean(id, known);
    throw configError({
      code: 'config.invalid',
      message: `unknown provider "${id}"`,
      hint: `${guess ? `Did you mean "${guess}"? ` : ''}Use one of: ${known.join(', ')}.`,
    });
  }
  const prefix = envPrefix(id);
  const model = modelFromEnv(info, env, options.model);
  // WARDEN_BASE_URL serves the generic endpoint and the local servers; a cloud key goes only to its own <PROVIDER>_BASE_URL.
  const baseURL = options.baseURL ?? set(env, `${prefix}_BASE_URL`) ?? (info.local ? set(env, 'WARDEN_BASE_URL') : undefined);
  if (id === 'openai-compatible' && !baseURL) {
    throw providerError({
      code: 'provider.not_configured',
      message: 'the OpenAI-compatible provider has no base URL',
      hint: 'Pass --base-url URL (e.g. http://localhost:8000/v1), or set WARDEN_BASE_URL.',
      provider: id,
      retryable: false,
    });
  }
  const platform = cloudPlatformEnv(info.api, env, { ...(options.apiKey ? { apiKey: options.apiKey } : {}), ...(baseURL ? { baseURL } : {}) });
  const apiKey = platform ? undefined : (options.apiKey ?? keyFromEnv(info, env).value);
  if (platform && (platform.missingAlternatives.length > 0 || !model)) {
    const missing = [...platform.missingAlternatives, ...(model ? [] : [`${prefix}_MODEL (or WARDEN_MODEL)`])];
    throw providerError({
      code: 'provider.not_configured',
      message: `${info.label} is not configured: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
      hint: `Set ${missing.length === 1 ? 'it' : 'them'} in the environment or .env${model ? '' : ' (or pass --model)'}. ${platform.hint ?? ''}`.trim(),
      provider: id,
      retryable: false,
    });
  }
  if (!model) {
    throw providerError({
      code: 'provider.not_configured',
      message: `${info.label} has no model (${prefix}_MODEL is not set)`,
      hint: `Set ${prefix}_MODEL or WARDEN_MODEL, or pass --model.`,
      provider: id,
      retryable: false,
    });
  }
  if (!platform && info.keyRequired && !apiKey) {
    throw providerError({
      code: 'provider.not_configured',
      message: `${info.label} has no API key (${info.keyVars.join(' or ')} is not set)`,
      hint: `Set ${info.keyVars.join(' or ')}${info.local ? '' : ' (or WARDEN_API_KEY)'}.`,
      provider: id,
      retryable: false,
    });
  }
  const common = {
    model,
    ...(baseURL ? { baseURL } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.prices ? { prices: options.prices } : {}),
  };
  if (platform) return platform.build({ id, ...common, model: common.model });
  switch (info.api) {
    case 'openai-responses':
      return openaiResponses({ ...common, id });
    case 'openai':
      return openai(common);
    case 'anthropic':
      return anthropic(common);
    case 'gemini':
      return gemini(common);
    default:
      return id === 'openai-compatible' ? openaiCompatible({ ...common, baseURL: baseURL ?? '', local: true }) : openaiPreset(id, common);
  }
}

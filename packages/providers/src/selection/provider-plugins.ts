import { configError } from '../errors/coded-errors.js';
import type { ProviderV1 } from '@warden/protocol';
import type { PriceTable } from '../pricing/price-table.js';
import type { TransportOptions } from '../transport/http-transport.js';
import { PROVIDER_CATALOG, type ProviderInfo } from './provider-catalog.js';
import type { ModelCapability } from '../catalog/model-catalog.js';
import { checkFields, fieldStatuses, type ProviderField, type ProviderFieldStatus } from './plugin-fields.js';

/** What resolution hands a plugin's factory: the explicit choices and the environment to read. */
export interface ProviderPluginContext {
  /** The name the provider was selected by (the plugin's `name`). */
  id: string;
  /** The explicit model, else `<ID>_MODEL`, else `WARDEN_MODEL` (unless it names a built-in vendor's model), else the plugin's `defaultModel`. */
  model?: string;
  /** The explicit key, else `<ID>_API_KEY` — never `WARDEN_API_KEY` nor another provider's key. */
  apiKey?: string;
  /** The explicit base URL, else `<ID>_BASE_URL`. */
  baseURL?: string;
  /** The plugin's declared `fields`, each from its variable or its default (absent when neither). */
  fields: Record<string, string | number | boolean>;
  /** The environment resolution was given (read your own variables from it, not from `process.env`). */
  env: Readonly<Record<string, string | undefined>>;
  transport?: Omit<TransportOptions, 'provider'>;
  prices?: PriceTable;
}

/** A provider from outside this package, selectable by name wherever a built-in one is. */
export interface ProviderPlugin {
  /** The provider id (`--provider NAME`, `WARDEN_PROVIDER`): lower-case letters, digits and `-`; not a built-in id. */
  name: string;
  label?: string;
  defaultModel?: string;
  /** The settings it reads, declared: shown by `describeProviderPlugin` (and `warden providers NAME`), checked before use. */
  fields?: readonly ProviderField[];
  /** What its models can do (`warden models --supports`), when it says. */
  capabilities?: readonly ModelCapability[];
  /** Builds the provider; called once per resolution. */
  create(context: ProviderPluginContext): ProviderV1;
}

/**
 * The providers resolution may choose from: the built-in ones and the plugins added with
 * `withProviders`. A value, passed explicitly (`resolveProvider({ catalog })`) — there is no
 * global registry to add to. Frozen.
 */
export interface ProviderCatalog {
  readonly builtins: readonly ProviderInfo[];
  readonly plugins: readonly ProviderPlugin[];
}

/** The built-in providers and no plugins. */
export const DEFAULT_PROVIDER_CATALOG: ProviderCatalog = Object.freeze({ builtins: PROVIDER_CATALOG, plugins: Object.freeze([]) });

const PLUGIN_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/**
 * A new catalogue: `catalog` plus `plugins`. A name that is not an id, that a built-in provider
 * has, or that appears twice is a `ConfigError` (`config.invalid`): a plugin never shadows a
 * built-in provider, so `openai` always means OpenAI.
 */
export function withProviders(catalog: ProviderCatalog, plugins: readonly ProviderPlugin[]): ProviderCatalog {
  const taken = new Set([...catalog.builtins.map((p) => p.id), ...catalog.plugins.map((p) => p.name)]);
  const added: ProviderPlugin[] = [];
  for (const plugin of plugins) {
    const name = (plugin as Partial<ProviderPlugin> | null)?.name;
    if (typeof name !== 'string' || !PLUGIN_NAME.test(name)) {
      throw configError({ code: 'config.invalid', message: `provider plugin name ${JSON.stringify(name)} is not an id`, hint: 'Use lower-case letters, digits and -, starting with a letter (e.g. acme-llm).' });
    }
    if (typeof plugin.create !== 'function') {
      throw configError({ code: 'config.invalid', message: `provider plugin "${name}" has no create function`, hint: 'A plugin is { name, create(context) } where create returns a ProviderV1.' });
    }
    if (taken.has(name)) {
      const builtin = catalog.builtins.some((p) => p.id === name);
      throw configError({
        code: 'config.invalid',
        message: builtin ? `provider plugin "${name}" has the name of a built-in provider` : `provider plugin "${name}" is added twice`,
        hint: 'Give the plugin a name of its own.',
      });
    }
    checkFields(name, plugin.fields);
    taken.add(name);
    added.push(Object.freeze({ ...plugin }));
  }
  return Object.freeze({ builtins: catalog.builtins, plugins: Object.freeze([...catalog.plugins, ...added]) });
}

/** Checks what a plugin's factory returned: a `ProviderV1` (specification `v1`, `complete` and `stream`). */
export function checkPluginProvider(name: string, value: unknown): ProviderV1 {
  const provider = value as Partial<ProviderV1> | null;
  const ok =
    typeof provider === 'object' &&
    provider !== null &&
    provider.specificationVersion === 'v1' &&
    typeof provider.complete === 'function' &&
    typeof provider.stream === 'function' &&
    typeof provider.id === 'string' &&
    typeof provider.model === 'string';
  if (!ok) {
    throw configError({
      code: 'config.invalid',
      message: `provider plugin "${name}" did not return a ProviderV1`,
      hint: 'create(context) must return { specificationVersion: "v1", id, model, complete, stream }.',
    });
  }
  return provider as ProviderV1;
}

/** A plugin described against an environment: its declared fields and whether it can be used. */
export interface ProviderPluginDescription {
  name: string;
  label: string;
  defaultModel?: string;
  capabilities: ModelCapability[];
  fields: ProviderFieldStatus[];
  /** Required fields with no value (or a value of the wrong type). */
  missing: string[];
  configured: boolean;
}

/** What `warden providers NAME` shows for a plugin and `warden doctor` checks: never a secret's value. */
export function describeProviderPlugin(plugin: ProviderPlugin, env: Readonly<Record<string, string | undefined>> = {}): ProviderPluginDescription {
  const fields = fieldStatuses(plugin.fields, env);
  const missing = fields.filter((f) => (f.required && f.source === 'missing') || f.invalid === true).map((f) => f.name);
  return {
    name: plugin.name,
    label: plugin.label ?? plugin.name,
    ...(plugin.defaultModel ? { defaultModel: plugin.defaultModel } : {}),
    capabilities: [...(plugin.capabilities ?? [])],
    fields,
    missing,
    configured: missing.length === 0,
  };
}

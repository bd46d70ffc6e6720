// `@warden/providers/selection`: explicit named re-exports only; adding a name here makes it public API.
export { resolveProvider } from './selection/resolve-provider.js';
export type { Env, ResolveProviderOptions } from './selection/resolve-provider.js';
export { describeProviders } from './selection/describe-providers.js';
export type { ProviderDescription } from './selection/describe-providers.js';
export { PROVIDER_CATALOG, inferProvider } from './selection/provider-catalog.js';
export type { ProviderInfo } from './selection/provider-catalog.js';
export { DEFAULT_PROVIDER_CATALOG, describeProviderPlugin, withProviders } from './selection/provider-plugins.js';
export type { ProviderCatalog, ProviderPlugin, ProviderPluginContext, ProviderPluginDescription } from './selection/provider-plugins.js';
export type { ProviderField, ProviderFieldStatus } from './selection/plugin-fields.js';

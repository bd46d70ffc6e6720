import { ConfigError, ProviderError, type ProviderErrorOptions, type WardenErrorOptions } from '@warden/protocol';
import type { ProviderErrorCode } from './error-codes.js';

// The package's ways to build its errors: `code` is typed as the package's table, so a typo or
// a code missing from PROVIDER_ERROR_CODES does not compile. `createProviderError` (the subclass
// of a code) takes the same union.
export type ProviderCallCode = Extract<ProviderErrorCode, `provider.${string}`>;
export type ProviderConfigCode = Extract<ProviderErrorCode, `config.${string}`>;

/** A plain ProviderError, whatever its code (see createProviderError for the subclass of a code). */
export const providerError = (options: ProviderErrorOptions<ProviderCallCode>): ProviderError => new ProviderError(options);
export const configError = (options: WardenErrorOptions<ProviderConfigCode>): ConfigError => new ConfigError(options);

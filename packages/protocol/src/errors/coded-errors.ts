import { ConfigError } from './config-error.js';
import type { ErrorCode } from './error-codes.js';
import { ProtocolError } from './protocol-error.js';
import { ProviderError, type ProviderErrorOptions } from './provider-error.js';
import { SessionError } from './session-error.js';
import type { WardenErrorOptions } from './warden-error.js';

/** The codes of one area of ERROR_CODES, e.g. `AreaCode<'session'>`. */
type AreaCode<Area extends string> = Extract<ErrorCode, `${Area}.${string}`>;

// The protocol's own ways to build its errors: each takes only a code of its area in
// ERROR_CODES, so a typo or an unlisted code does not compile. Internal, not exported.
export const protocolError = (options: WardenErrorOptions<AreaCode<'protocol'>>): ProtocolError => new ProtocolError(options);
export const configError = (options: WardenErrorOptions<AreaCode<'config'>>): ConfigError => new ConfigError(options);
export const sessionError = (options: WardenErrorOptions<AreaCode<'session'>>): SessionError => new SessionError(options);
export const providerError = (options: ProviderErrorOptions<AreaCode<'provider'>>): ProviderError => new ProviderError(options);

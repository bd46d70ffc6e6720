import { ConfigError, ProtocolError, SessionError, type WardenErrorOptions } from '@warden/protocol';
import type { SessionErrorCode } from './session-errors.js';

// The package's only ways to build its errors: `code` is typed as SESSION_ERROR_CODES, so a
// typo or an unlisted code does not compile.
type AreaCode<Area extends string> = Extract<SessionErrorCode, `${Area}.${string}`>;

export const sessionError = (options: WardenErrorOptions<AreaCode<'session'>>): SessionError => new SessionError(options);
export const protocolError = (options: WardenErrorOptions<AreaCode<'protocol'>>): ProtocolError => new ProtocolError(options);
export const configError = (options: WardenErrorOptions<AreaCode<'config'>>): ConfigError => new ConfigError(options);

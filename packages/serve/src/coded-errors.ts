import { ConfigError, ToolError, type WardenErrorOptions } from '@warden/protocol';
import type { ServeErrorCode } from './serve-error-codes.js';

/** The codes of one area that serve may throw, e.g. `ServeCode<'config'>`. */
type ServeCode<Area extends string> = Extract<ServeErrorCode, `${Area}.${string}`>;

// Serve's only ways to build its errors: each takes a code of its area in ServeErrorCode, so a
// typo or an unlisted code does not compile (ESLint forbids `new ConfigError` and the rest
// elsewhere in serve). Internal, not exported.
export const configError = (options: WardenErrorOptions<ServeCode<'config'>>): ConfigError => new ConfigError(options);
export const toolError = (options: WardenErrorOptions<ServeCode<'tool'>>): ToolError => new ToolError(options);

import {
  ConfigError,
  PolicyError,
  ProviderError,
  RunError,
  SessionError,
  ToolError,
  type ProviderErrorOptions,
  type WardenErrorOptions,
} from '@warden/protocol';
import type { CoreErrorCode } from './core-error-codes.js';

/** The codes of one area that core may throw, e.g. `CoreCode<'run'>`. */
type CoreCode<Area extends string> = Extract<CoreErrorCode, `${Area}.${string}`>;

// Core's only ways to build its errors: each takes a code of its area in CORE_ERROR_CODES, so a
// typo or a code core is not meant to throw does not compile (ESLint forbids `new RunError` and
// the rest elsewhere in core).
export const configError = (options: WardenErrorOptions<CoreCode<'config'>>): ConfigError => new ConfigError(options);
export const toolError = (options: WardenErrorOptions<CoreCode<'tool'>>): ToolError => new ToolError(options);
export const providerError = (options: ProviderErrorOptions<CoreCode<'provider'>>): ProviderError => new ProviderError(options);
export const sessionError = (options: WardenErrorOptions<CoreCode<'session'>>): SessionError => new SessionError(options);
export const policyError = (options: WardenErrorOptions<CoreCode<'policy'>>): PolicyError => new PolicyError(options);
export const runError = (options: WardenErrorOptions<CoreCode<'run'>>): RunError => new RunError(options);

import { ConfigError, RunError, type WardenErrorOptions } from '@warden/protocol';
import type { ContainmentErrorCode } from './containment-error-codes.js';

// The package's only ways to build its errors: `code` is typed as the package's table, so a
// typo or a code missing from CONTAINMENT_ERROR_CODES does not compile (ESLint forbids
// `new ConfigError` and `new RunError` elsewhere in the source).
export type ContainmentConfigCode = Extract<ContainmentErrorCode, `config.${string}`>;
export type ContainmentRunCode = Extract<ContainmentErrorCode, `run.${string}`>;

export const configError = (options: WardenErrorOptions<ContainmentConfigCode>): ConfigError => new ConfigError(options);
export const runError = (options: WardenErrorOptions<ContainmentRunCode>): RunError => new RunError(options);

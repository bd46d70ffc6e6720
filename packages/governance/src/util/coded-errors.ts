import { ConfigError, PolicyError, type WardenErrorOptions } from '@warden/protocol';
import type { GovernanceErrorCode } from './governance-error-codes.js';

// The package's only ways to build its errors: `code` is typed as the package's table, so a
// typo or a code missing from GOVERNANCE_ERROR_CODES does not compile.
export type GovernancePolicyCode = Extract<GovernanceErrorCode, `policy.${string}`>;
export type GovernanceConfigCode = Extract<GovernanceErrorCode, `config.${string}`>;

export const policyError = (options: WardenErrorOptions<GovernancePolicyCode>): PolicyError => new PolicyError(options);
export const configError = (options: WardenErrorOptions<GovernanceConfigCode>): ConfigError => new ConfigError(options);

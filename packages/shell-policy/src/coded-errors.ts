import { PolicyError, type WardenErrorOptions } from '@warden/protocol';
import type { ShellPolicyErrorCode } from './shell-policy-error-codes.js';

// The package's only way to build its errors: `code` is typed as the package's table, so a typo or
// a code missing from SHELL_POLICY_ERROR_CODES does not compile.
export type ShellPolicyPolicyCode = Extract<ShellPolicyErrorCode, `policy.${string}`>;

export const policyError = (options: WardenErrorOptions<ShellPolicyPolicyCode>): PolicyError => new PolicyError(options);

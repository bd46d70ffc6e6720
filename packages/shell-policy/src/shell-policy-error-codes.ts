/**
 * The error codes `@warden/shell-policy` throws, all `PolicyError`s. Codes are public API:
 * renaming or removing one is a breaking change. Errors are built only through `coded-errors.ts`,
 * typed with this table. `@warden/governance` re-exports the table (its gate passes these codes on).
 */
export const SHELL_POLICY_ERROR_CODES = {
  'policy.shell_parser_unavailable': 'The shell parser (tree-sitter bash WASM) could not be loaded.',
  'policy.shell_analyzer_disposed': 'A disposed shell analyzer was used.',
} as const;

export type ShellPolicyErrorCode = keyof typeof SHELL_POLICY_ERROR_CODES;

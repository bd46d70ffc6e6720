/**
 * The error codes `@warden/shell-policy` throws, all `PolicyError`s. Codes are public API:
 * renaming or removing one is a breaking change. `@warden/governance` lists them too,
 * because its gate loads the analyzer and passes them on unchanged.
 */
export const SHELL_POLICY_ERROR_CODES = {
  'policy.shell_parser_unavailable': 'The shell parser (tree-sitter bash WASM) could not be loaded.',
  'policy.shell_analyzer_disposed': 'A disposed shell analyzer was used.',
} as const;

export type ShellPolicyErrorCode = keyof typeof SHELL_POLICY_ERROR_CODES;

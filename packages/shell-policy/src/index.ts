// Explicit named re-exports only: adding a name here makes it public API.

// The shell analyzer: a parsed-bash deny list and the analysis behind it
export { loadShellAnalyzer, SHELL_ALLOW_RULE } from './shell/shell-analyzer.js';
export type { ShellAnalyzerOptions } from './shell/shell-analyzer.js';
export type { ShellAnalyzer, ShellAnalysis, ShellDecisionContext, ShellFinding, ShellMode, ShellWord, ShellWrite, ShellNetworkUse, SimpleCommand, FindingKind, FindingParams } from './shell/types.js';
export { SHELL_RULES } from './shell/shell-rules.js';
export type { ShellRule } from './shell/shell-rules.js';

// The path policy the analyzer classifies targets with
export { pathPolicy, DEFAULT_PROTECTED_NAMES } from './paths/path-policy.js';
export type { PathClass, PathPolicy, PathPolicyOptions, InspectOptions, PathInspection } from './paths/path-policy.js';

// Errors
export { SHELL_POLICY_ERROR_CODES } from './shell-policy-error-codes.js';
export type { ShellPolicyErrorCode } from './shell-policy-error-codes.js';

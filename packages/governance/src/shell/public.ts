// Named re-exports for the package index (see src/index.ts).
export { loadShellAnalyzer, SHELL_ALLOW_RULE } from './shell-analyzer.js';
export type { ShellAnalyzerOptions } from './shell-analyzer.js';
export type { ShellAnalyzer, ShellAnalysis, ShellDecisionContext, ShellFinding, ShellMode, ShellWord, ShellWrite, ShellNetworkUse, SimpleCommand, FindingKind } from './types.js';
export { SHELL_RULES } from './shell-rules.js';
export type { ShellRule } from './shell-rules.js';

// Explicit named re-exports only: adding a name here makes it public API.
export { createAgent } from './agent.js';
export type { AgentOptions, AgentHooks, BudgetOptions, CompactionOptions, SubagentSpec, HandoffSpec, HandoffHook, HandoffHistoryFilter, RuntimeAgentTemplate, RuntimeAgentsOptions, SessionOptions } from './agent-options.js';
export type { Agent, PriorModelCall, RunOptions, ResumeOptions, RunResult, ToolCallSummary } from './run-result.js';
export { defaultGate } from './default-gate.js';
export { estimateTokens } from './token-estimate.js';
export { SUMMARY_PROMPT } from './compaction.js';
export { WRAP_UP_TEXT } from './run-loop.js';
export { CORE_WARNING_CODES } from './warning-codes.js';
export type { CoreWarningCode } from './warning-codes.js';
export { MAIN_AGENT } from './spend.js';
export type { SpendLine } from './spend.js';
export { HANDOFF_META_KEY, HANDOFF_RECEIPT_META_KEY, HANDOFF_RECEIVED_META_KEY } from './handoff-records.js';

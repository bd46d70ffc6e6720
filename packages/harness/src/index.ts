// Explicit named re-exports only: adding a name here makes it public API.
export { createHarness } from './create-harness.js';
export type { Harness } from './create-harness.js';
export type { HarnessOptions, HarnessMode } from './harness-options.js';
export { HarnessConfig, McpServerEntry, BUILTIN_TOOL_NAMES, HARNESS_CONFIG_KEYS, harnessConfigJsonSchema } from './harness-config.js';
export type { BuiltinToolName } from './harness-config.js';
export { validateHarnessOptions } from './validate-options.js';
export type { OptionIssue, OptionsValidation } from './validate-options.js';
export type { GovernedAgent, HarnessRunOptions, HarnessResumeOptions } from './governed-agent.js';
export { buildSystemPrompt } from './system-prompt.js';
export type { SystemPromptInput, SystemPrompt } from './system-prompt.js';
export { parseStoreLocation, describeStore, openSessionStore, openApprovalStore } from './session-store-url.js';
export type { StoreLocation } from './session-store-url.js';
export { durableFor, textRedactor } from './governance-parts.js';
export type { DurableApprovals } from './governance-parts.js';
export { verifyAuditFile } from './audit-sink.js';
export type { AuditCheck } from './audit-sink.js';

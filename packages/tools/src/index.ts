// Explicit named re-exports only: adding a name here makes it public API.
export { defineTool, assertToolName } from './define-tool.js';
export type { ToolDefinition } from './define-tool.js';
export { createToolRegistry } from './tool-registry.js';
export type { ToolRegistry } from './tool-registry.js';
export { TOOL_ERROR_CODES } from './tool-error-codes.js';
export type { ToolErrorCode } from './tool-error-codes.js';
export { createPathJail } from './path-jail.js';
export type { PathJail, PathJailOptions, JailedPath } from './path-jail.js';
export { DEFAULT_PROTECTED_PATHS } from './protected-paths.js';
export { writeFileAtomic } from './atomic-write.js';
export type { AtomicWriteOptions, AtomicWriteResult } from './atomic-write.js';
export { sanitizeEnv, SECRET_ENV_MARKERS } from './sanitize-env.js';
export { workspaceTools, createWorkspaceTools } from './workspace-tools.js';
export type { WorkspaceTools } from './workspace-tools.js';
export { WorkspaceToolsOptions } from './workspace-options.js';
export { MCP_RESOURCE_UNTRUSTED_NOTE } from './mcp-resources.js';
export type { McpCatalog, McpPrompt, McpRenderedPrompt, McpResource, McpResourceRead } from './mcp-resources.js';
export { mcpTools } from './mcp-tools.js';
export type { McpToolsOptions, McpToolSet, McpServerConfig, McpStdioServerConfig, McpHttpServerConfig, McpServerFailure } from './mcp-tools.js';
export { fingerprintMcpTool } from './mcp-fingerprint.js';
export { MCP_SDK_INSTALL } from './mcp-sdk.js';
export { a2aAgent } from './a2a-agent-tool.js';
export type { A2aAgentOptions } from './a2a-agent-tool.js';
export { A2A_SDK_INSTALL } from './a2a-sdk.js';
export type { McpToolInfo, McpResourceContents, ModuleImporter } from './mcp-sdk.js';
export { listSkills } from './use-skill-tool.js';
export type { SkillSummary } from './use-skill-tool.js';
export { createSandbox } from './sandbox/create-sandbox.js';
export type { Sandbox, SandboxCommand, SandboxReport, WrapOptions } from './sandbox/create-sandbox.js';
export { SandboxOptions } from './sandbox/sandbox-options.js';
export { probeSandbox, SANDBOX_UNAVAILABLE } from './sandbox/sandbox-probe.js';
export type { SandboxStatus, SandboxUnavailable, ProbeSandboxOptions } from './sandbox/sandbox-probe.js';
export type { SandboxViolation } from './sandbox/sandbox-violations.js';
export { SANDBOX_READ_ONLY_PATHS, SANDBOX_HIDDEN_PATHS } from './sandbox/protected-entries.js';
// Other places commands run (issue 43): a machine over SSH
export { createSshSandbox, sshSandboxExists } from './sandbox/ssh-sandbox.js';
export type { SshSandbox, SshSandboxOptions } from './sandbox/ssh-sandbox.js';
export type { SshTarget } from './sandbox/ssh-transport.js';
export { checkSandboxBackends, SANDBOX_BACKENDS } from './sandbox/backend-checks.js';
export type { CheckSandboxOptions, SandboxBackendName, SandboxBackendReport } from './sandbox/backend-checks.js';

// Working memory: decay, the per-owner memory in the session store, memory_remember and recall
export { contextDecay, DEFAULT_MAX_CONTEXT_ITEMS, MAX_HALF_LIFE_STEPS } from './memory/context-decay.js';
export type { ContextDecay, ContextDecayOptions, ContextDecayState, DecayItem, DecayStats } from './memory/context-decay.js';
export { memoryStore, memorySessionId, MEMORY_META_KEY } from './memory/memory-store.js';
export type { MemoryFact, MemoryStore, MemoryStoreOptions } from './memory/memory-store.js';
export { memoryTools, UNTRUSTED_FACT_MARK } from './memory/memory-tools.js';
export { semanticMemoryTools } from './memory/semantic-memory-tools.js';
// Work styles (issue 47): the cowork todo list and question to the person, the research source ledger
export { todoWriteTool, storedTodos, formatTodos, TODO_NOTE_KEY } from './work-style/todo-write-tool.js';
export type { StoredTodos, TodoWriteOptions } from './work-style/todo-write-tool.js';
export { askUserTool } from './work-style/ask-user-tool.js';
export type { AskUser, AskUserQuestion } from './work-style/ask-user-tool.js';
export { recordSourceTool, storedSources, formatSources, SOURCES_NOTE_KEY } from './work-style/record-source-tool.js';
export type { RecordSourceOptions } from './work-style/record-source-tool.js';

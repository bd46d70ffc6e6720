// The zod schemas of every contract, for code that validates values at runtime.
// Types, errors and helpers are in the main entry, which does not load zod.
export { JsonValue, JsonObject, JsonSchema } from './json.js';
export { TextPart, ImagePart, ThinkingPart, ToolCallPart, ToolResultContent, ToolResultPart, Part, SystemMessage, UserMessage, AssistantMessage, ToolMessage, Message } from './message.js';
export { Usage } from './usage.js';
export { ToolAnnotations, ToolSpec } from './tool-spec.js';
export { ToolChoice, ModelRequest, FinishReason, ModelResponse, StreamPart, ProviderNotice } from './model.js';
export { DecisionEffect, Decision, GateCall } from './decision.js';
export { Owner, ApprovalRequest, ApprovalAnswer, ApprovalStatus, StoredApproval } from './approval.js';
export { HeaderRecord, MessageRecord, ToolCallRecord, ToolResultRecord, CompactionRecord, ApprovalRecord, MetaRecord, SessionRecord, SessionSummary } from './session.js';
export { StopReason, ToolResultStatus, RunStartEvent, StepStartEvent, TextDeltaEvent, ThinkingDeltaEvent, AssistantMessageEvent, ToolCallEvent, ToolDecisionEvent, ToolResultEvent, ToolProgressEvent, ProgressEvent, UsageEvent, CompactionEvent, WarningEvent, ApprovalPendingEvent, ProviderNoticeEvent, TaintEvent, ScopeEvent, SubagentEvent, HandoffEvent, ChangeSetEvent, RunEndEvent, RunEvent } from './run-event.js';
export { GateMode } from './gate-mode.js';
export { ScopeOrigin, ScopePath, ScopeHost, ScopeTool, RunScope, TaintSource } from './scope.js';
export { PlanStep, Plan, PlanIssue, ScopePlan } from './plan.js';
export { AgentName, HandoffHistory, Handoff, HandoffReceipt } from './handoff.js';
// Validating (de)serialisation of handoffs: the schemas are needed, so they live in this entry.
export { handoffToJson, handoffFromJson, handoffReceiptToJson, handoffReceiptFromJson } from './handoff-json.js';
export { TodoItem, LedgerSource } from './progress.js';

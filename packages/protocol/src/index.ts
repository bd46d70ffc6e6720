// Explicit named re-exports only: adding a name here makes it public API.
export { PROTOCOL_VERSION, SPECIFICATION_VERSION } from './version.js';
export type { SpecificationVersion } from './version.js';
export { JsonValue, JsonObject, JsonSchema, findJsonViolation } from './json.js';
export type { JsonViolation } from './json.js';
export { fastMessageCheck } from './message-fast-check.js';
export {
  TextPart,
  ImagePart,
  ThinkingPart,
  ToolCallPart,
  ToolResultContent,
  ToolResultPart,
  Part,
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolMessage,
  Message,
} from './message.js';
export type { Role } from './message.js';
export { textOf, toolCallsOf, userMessage, systemMessage, assistantText, textContent, toolResult } from './message-helpers.js';
export { Usage, emptyUsage, addUsage } from './usage.js';
export { ToolAnnotations, ToolSpec, TOOL_NAME_PATTERN } from './tool-spec.js';
export { ToolChoice, ModelRequest, FinishReason, ModelResponse, StreamPart, ProviderNotice } from './model.js';
export type { CallOptions, ProviderV1, Provider } from './provider.js';
export { toolSpecOf, normalizeToolOutput } from './tool.js';
export type { ToolNotice, ToolContext, ToolOutput, ArgsValidation, ToolV1, Tool } from './tool.js';
export { DecisionEffect, Decision, GateCall, stricterEffect } from './decision.js';
export type { GateContext, GateV1, Gate } from './decision.js';
export { Owner, ApprovalRequest, ApprovalAnswer, ApprovalStatus, StoredApproval } from './approval.js';
export type { ApproverV1, Approver, ApprovalStoreV1 } from './approval.js';
export {
  HeaderRecord,
  MessageRecord,
  ToolCallRecord,
  ToolResultRecord,
  CompactionRecord,
  ApprovalRecord,
  MetaRecord,
  SessionRecord,
  SessionSummary,
} from './session.js';
export type { LoadedSession, AppendOptions, AppendResult, SessionStoreV1, SessionStore } from './session.js';
export {
  StopReason,
  ToolResultStatus,
  RunStartEvent,
  StepStartEvent,
  TextDeltaEvent,
  ThinkingDeltaEvent,
  AssistantMessageEvent,
  ToolCallEvent,
  ToolDecisionEvent,
  ToolResultEvent,
  ToolProgressEvent,
  UsageEvent,
  CompactionEvent,
  WarningEvent,
  ApprovalPendingEvent,
  ProviderNoticeEvent,
  TaintEvent,
  SubagentEvent,
  RunEndEvent,
  RunEvent,
} from './run-event.js';
export type { RunEventType, RunEventOf } from './run-event.js';
export { WardenError, errorCodeOf } from './errors/warden-error.js';
export type { WardenErrorOptions, SerializedWardenError } from './errors/warden-error.js';
export { ProviderError } from './errors/provider-error.js';
export type { ProviderErrorOptions } from './errors/provider-error.js';
export { ToolError } from './errors/tool-error.js';
export { SessionError } from './errors/session-error.js';
export { PolicyError } from './errors/policy-error.js';
export { ConfigError } from './errors/config-error.js';
export { ProtocolError } from './errors/protocol-error.js';
export { RunError } from './errors/run-error.js';
export { ERROR_CODES } from './errors/error-codes.js';
export type { ErrorCode } from './errors/error-codes.js';
export { assertSpecificationVersion } from './spec-version.js';
export { historyFromRecords, INTERRUPTED_RESULT_TEXT } from './session-history.js';
export type { SessionHistory } from './session-history.js';
export { approvalDigest, canonicalJson } from './approval-digest.js';

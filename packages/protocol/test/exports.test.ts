import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as schemas from '../src/schemas.js';
import * as testing from '../src/testing.js';
import * as vocabulary from '../src/vocabulary.js';

// Pins the public surface: a change here is a change to what plugin authors rely on.
describe('public surface', () => {
  it('package name and exports keys', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@warden/protocol');
    expect(Object.keys(pkg.exports)).toEqual(['.', './schemas', './vocabulary', './testing', './package.json']);
    expect(Object.keys(pkg.dependencies)).toEqual(['zod']);
  });

  // Explicit lists, not snapshots: `vitest -u` must not be able to re-pin the public surface silently.
  it('runtime names of @warden/protocol', () => {
    expect(Object.keys(main).sort()).toEqual([
      'CHANGE_APPROVALS', 'ConfigError', 'EFFECT_CLASSES', 'EFFECT_CLASS_ORDER', 'ERROR_CODES', 'GATE_MODES', 'HANDOFF_LIMITS', 'HANDOFF_MEDIA_TYPE',
      'HANDOFF_RECEIPT_MEDIA_TYPE', 'HANDOFF_REFUSALS', 'HANDOFF_VERSION', 'HTTP_SERVER_TIMEOUTS', 'INTERFACE_VERSIONS', 'INTERRUPTED_RESULT_TEXT',
      'PATH_ARGUMENT_NAMES', 'PROTOCOL_VERSION', 'PolicyError', 'ProtocolError', 'ProviderError', 'RunError', 'SPECIFICATION_VERSION',
      'SessionError', 'TAINT_NOTES', 'TAINT_RULE', 'TOOL_NAME_PATTERN', 'ToolError', 'WardenError', 'addUsage', 'approvalDigest',
      'assertSpecificationVersion', 'assistantText', 'canonicalJson', 'defaultAllowedHosts', 'didYouMean', 'editDistance', 'emptyUsage',
      'errorCodeOf', 'fastMessageCheck', 'fastRequestOptionsCheck', 'fastToolSpecCheck', 'findJsonViolation', 'handoffReceipt', 'historyFromRecords',
      'hostOriginCheck', 'isEffectClass', 'isGateMode', 'isLoopbackName', 'normalizeToolOutput', 'ownerMatches', 'parseDuration', 'pathArguments',
      'requiresPerson', 'schemaProblems', 'strictOptions', 'stricterEffect', 'stricterMode', 'strictestEffectClass', 'systemMessage', 'textContent',
      'textOf', 'toolCallsOf', 'toolResult', 'toolSpecOf',
      'unknownOptionError', 'userMessage',
      // egress keyed by scheme, host and port (host-port.ts)
      'defaultPorts', 'formatHostSpec', 'hostSpecAllows', 'normalizeHostName', 'parseHostSpec', 'scopeHostText', 'urlTarget',
      // where commands run (sandbox.ts)
      'formatSandboxSpec', 'parseSandboxSpec',
    ].sort());
  });

  it('runtime names of @warden/protocol/vocabulary', () => {
    expect(Object.keys(vocabulary).sort()).toEqual([
      'CHANGE_APPROVALS', 'EFFECT_CLASSES', 'EFFECT_CLASS_ORDER', 'GATE_MODES', 'METADATA_HOST_NAMES', 'PRIVATE_IPV4_RANGES', 'PRIVATE_IPV6_RANGES',
      'PROTECTED_PATHS', 'SAFE_ID_PATTERN', 'SESSION_META_KEYS', 'canonicalName', 'foldSegment', 'globRegExp', 'hasGlob', 'installCommand', 'isEffectClass', 'isGateMode',
      'isLookAlikeTraversal', 'isMissingModule', 'isPrivateAddress', 'isSafeId', 'newRecordId', 'loadOptionalPeer', 'protectedNameTest', 'protectedNames', 'stricterMode',
      'strictestEffectClass', 'terminalSafe',
    ].sort());
  });

  it('runtime names of @warden/protocol/schemas', () => {
    expect(Object.keys(schemas).sort()).toEqual([
      'AgentName', 'ApprovalAnswer', 'ApprovalPendingEvent', 'ApprovalRecord', 'ApprovalRequest', 'ApprovalStatus',
      'AssistantMessage', 'AssistantMessageEvent', 'ChangeSetEvent', 'CompactionEvent', 'CompactionRecord', 'Decision',
      'DecisionEffect', 'FinishReason', 'GateCall', 'GateMode', 'Handoff', 'HandoffEvent', 'HandoffHistory',
      'HandoffReceipt', 'HeaderRecord', 'ImagePart', 'JsonObject', 'JsonSchema', 'JsonValue', 'LedgerSource', 'Message',
      'MessageRecord', 'MetaRecord', 'ModelRequest', 'ModelResponse', 'Owner', 'Part', 'Plan', 'PlanIssue', 'PlanStep',
      'ProgressEvent', 'ProviderNotice', 'ProviderNoticeEvent', 'RunEndEvent', 'RunEvent', 'RunScope', 'RunStartEvent',
      'ScopeEvent', 'ScopeHost', 'ScopeOrigin', 'ScopePath', 'ScopePlan', 'ScopeTool', 'SessionRecord',
      'SessionSummary', 'StepStartEvent', 'StopReason', 'StoredApproval', 'StreamPart', 'SubagentEvent',
      'SystemMessage', 'TaintEvent', 'TaintSource', 'TextDeltaEvent', 'TextPart', 'ThinkingDeltaEvent', 'ThinkingPart',
      'TodoItem', 'ToolAnnotations', 'ToolCallEvent', 'ToolCallPart', 'ToolCallRecord', 'ToolChoice',
      'ToolDecisionEvent', 'ToolMessage', 'ToolProgressEvent', 'ToolResultContent', 'ToolResultEvent', 'ToolResultPart',
      'ToolResultRecord', 'ToolResultStatus', 'ToolSpec', 'Usage', 'UsageEvent', 'UserMessage', 'WarningEvent',
      'handoffFromJson', 'handoffReceiptFromJson', 'handoffReceiptToJson', 'handoffToJson',
    ]);
  });

  it('every schema has its type in the main entry, under the same name', () => {
    // A compile-time check: each of these lines fails typecheck if the main entry lost the type.
    const sample: main.Message = { role: 'user', parts: [{ type: 'text', text: 'x' }] };
    const usage: main.Usage = main.emptyUsage();
    expect(schemas.Message.parse(sample)).toEqual(sample);
    expect(schemas.Usage.parse(usage)).toEqual(usage);
  });

  it('runtime names of @warden/protocol/testing', () => {
    expect(Object.keys(testing).sort()).toEqual(['memoryApprovalStore', 'memorySessionStore', 'ownerMatches', 'recordingGate', 'scriptedProvider']);
  });
});

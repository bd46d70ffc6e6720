import type { FinishReason, Usage } from '@warden/protocol';

/**
 * Attribute names of the OpenTelemetry GenAI semantic conventions (gen_ai.*), plus Warden's own
 * (warden.*) for what the conventions do not name (gate decisions, approvals, cost).
 */
export const ATTR = {
  operation: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  /** Deprecated in the conventions in favour of `gen_ai.provider.name`; still read by many backends. */
  system: 'gen_ai.system',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheWriteTokens: 'gen_ai.usage.cache_creation.input_tokens',
  reasoningTokens: 'warden.usage.reasoning_tokens',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  conversationId: 'gen_ai.conversation.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  errorType: 'error.type',
  costUsd: 'warden.cost_usd',
  runId: 'warden.run.id',
  stopReason: 'warden.run.stop_reason',
  steps: 'warden.run.steps',
  step: 'warden.step',
  toolStatus: 'warden.tool.status',
  gateEffect: 'warden.gate.effect',
  gateRule: 'warden.gate.rule',
  gateReason: 'warden.gate.reason',
  gateRequiresPerson: 'warden.gate.requires_person',
  approverKind: 'warden.approval.approver_kind',
  approvalOutcome: 'warden.approval.outcome',
  approvalAutomatic: 'warden.approval.automatic',
  compactionBefore: 'warden.compaction.tokens_before',
  compactionAfter: 'warden.compaction.tokens_after',
  compactionMessages: 'warden.compaction.summarized_messages',
  subagentChildRunId: 'warden.subagent.child_run_id',
} as const;

/** `gen_ai.operation.name` values. */
export const OPERATION = { chat: 'chat', tool: 'execute_tool', agent: 'invoke_agent' } as const;

/** Warden provider ids → the conventions' well-known `gen_ai.provider.name` values. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  gemini: 'gcp.gemini',
  mistral: 'mistral_ai',
  xai: 'x_ai',
  'openai-compatible': 'openai',
};

export function providerName(id: string): string {
  const base = id.startsWith('fallback(') ? id : id.split(':')[0]!;
  return PROVIDER_NAMES[base] ?? base;
}

/** Warden's finish reasons → the conventions' (`tool_calls` and `length` are shared; `content_filter` too). */
export function finishReason(reason: FinishReason): string {
  return reason === 'refusal' ? 'content_filter' : reason;
}

export function usageAttributes(usage: Usage): Record<string, number> {
  return {
    [ATTR.inputTokens]: usage.inputTokens,
    [ATTR.outputTokens]: usage.outputTokens,
    [ATTR.cacheReadTokens]: usage.cacheReadTokens,
    [ATTR.cacheWriteTokens]: usage.cacheWriteTokens,
    [ATTR.reasoningTokens]: usage.reasoningTokens,
  };
}

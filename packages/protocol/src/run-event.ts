import { z } from 'zod';
import { JsonObject } from './json.js';
import { ApprovalAnswer, ApprovalRequest } from './approval.js';
import { RunScope } from './scope.js';
import { Decision } from './decision.js';
import { AssistantMessage, ToolResultContent } from './message.js';
import { ProviderNotice } from './model.js';
import { Usage } from './usage.js';
import { Handoff, HandoffReceipt } from './handoff.js';
import { LedgerSource, TodoItem } from './progress.js';

export const StopReason = z.enum(['done', 'max_turns', 'budget', 'aborted', 'approval', 'error', 'stopped']);
export type StopReason = z.infer<typeof StopReason>;

/**
 * How a tool call ended, for ledgers: `ok`, `error`, `timeout` and `interrupted` mean it started;
 * `not_started` is a call an abort stopped before it began.
 */
export const ToolResultStatus = z.enum(['ok', 'error', 'denied', 'blocked', 'invalid', 'unknown_tool', 'timeout', 'interrupted', 'not_started']);
export type ToolResultStatus = z.infer<typeof ToolResultStatus>;

const base = { runId: z.string(), at: z.string() };

export const RunStartEvent = z.object({
  ...base,
  type: z.literal('run_start'),
  sessionId: z.string().optional(),
  task: z.string(),
  provider: z.string(),
  model: z.string(),
  /** The agent holding the conversation as the run starts (given when the agent has handoffs, or a stored handoff left another agent holding it). */
  agent: z.string().optional(),
  /** The version of the agent's declaration the run uses (a blueprint's `versions:` entry), so two versions compare on the same tasks. */
  agentVersion: z.string().optional(),
});
export const StepStartEvent = z.object({ ...base, type: z.literal('step_start'), step: z.number().int().nonnegative() });
export const TextDeltaEvent = z.object({ ...base, type: z.literal('text_delta'), step: z.number().int().nonnegative(), text: z.string() });
export const ThinkingDeltaEvent = z.object({ ...base, type: z.literal('thinking_delta'), step: z.number().int().nonnegative(), text: z.string() });
export const AssistantMessageEvent = z.object({ ...base, type: z.literal('assistant_message'), step: z.number().int().nonnegative(), message: AssistantMessage });
export const ToolCallEvent = z.object({ ...base, type: z.literal('tool_call'), step: z.number().int().nonnegative(), callId: z.string(), name: z.string(), args: JsonObject });
export const ToolDecisionEvent = z.object({
  ...base,
  type: z.literal('tool_decision'),
  step: z.number().int().nonnegative(),
  callId: z.string(),
  name: z.string(),
  decision: Decision,
  /** Present when the gate said `ask`: what the approver answered. */
  approval: ApprovalAnswer.optional(),
});
export const ToolResultEvent = z.object({
  ...base,
  type: z.literal('tool_result'),
  step: z.number().int().nonnegative(),
  callId: z.string(),
  name: z.string(),
  status: ToolResultStatus,
  isError: z.boolean(),
  /** Already redacted. */
  content: ToolResultContent,
  durationMs: z.number().nonnegative(),
  /** True when the result came from the run's cache of a `cacheable` tool (the tool did not run again). */
  cached: z.boolean().optional(),
});
/** A running tool reported progress (ToolContext.emit). */
export const ToolProgressEvent = z.object({ ...base, type: z.literal('tool_progress'), step: z.number().int().nonnegative(), callId: z.string(), name: z.string(), message: z.string() });
/**
 * Where a run's work stands (issue 47): a cowork agent's whole todo list after each `todo_write`, or
 * a research run's whole source ledger after each `record_source`. `tainted` says the run had read
 * untrusted content when it was written (the items may echo it). Consumers that do not know it ignore it.
 */
export const ProgressEvent = z.object({
  ...base,
  type: z.literal('progress'),
  step: z.number().int().nonnegative(),
  callId: z.string(),
  todos: z.array(TodoItem).optional(),
  sources: z.array(LedgerSource).optional(),
  tainted: z.boolean().optional(),
});
export const UsageEvent = z.object({
  ...base,
  type: z.literal('usage'),
  step: z.number().int().nonnegative(),
  usage: Usage,
  costUsd: z.number().nonnegative().optional(),
  /** What the tokens were spent on: a model step (default), a compaction summary, a sub-agent's roll-up, or the plan-first planner call made before the run. */
  source: z.enum(['model', 'compaction', 'subagent', 'plan']).optional(),
  totalUsage: Usage,
  totalCostUsd: z.number().nonnegative(),
});
export const CompactionEvent = z.object({ ...base, type: z.literal('compaction'), tokensBefore: z.number().int().nonnegative(), tokensAfter: z.number().int().nonnegative(), summarizedMessages: z.number().int().nonnegative() });
export const WarningEvent = z.object({ ...base, type: z.literal('warning'), code: z.string(), message: z.string() });
export const ApprovalPendingEvent = z.object({ ...base, type: z.literal('approval_pending'), request: ApprovalRequest });
export const ProviderNoticeEvent = z.object({ ...base, type: z.literal('provider_notice'), notice: ProviderNotice });
/** The run read untrusted content; the gate tightens from here on. */
/** The run read untrusted content: the `TaintSource` (with its `reasonId` and `params` when the producer gave them). */
export const TaintEvent = z.object({
  ...base,
  type: z.literal('taint'),
  source: z.string(),
  reason: z.string(),
  reasonId: z.string().min(1).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
/** The run's scope, as computed before the model saw anything (see `RunScope`). */
export const ScopeEvent = z.object({ ...base, type: z.literal('scope'), scope: RunScope });
export const SubagentEvent = z.object({
  ...base,
  type: z.literal('subagent'),
  phase: z.enum(['start', 'end']),
  agent: z.string(),
  childRunId: z.string(),
  stopReason: StopReason.optional(),
});
/**
 * The conversation changed hands, or a handoff was refused (`receipt.status`). Events after an
 * accepted one come from `handoff.to`, until the next handoff.
 */
export const HandoffEvent = z.object({
  ...base,
  type: z.literal('handoff'),
  handoff: Handoff,
  receipt: HandoffReceipt,
  /**
   * A refused handoff's reason by id (one of `HANDOFF_REFUSALS`) with its values, so a front end can
   * say `receipt.reason` (English) in another language. Absent when accepted, or from older producers.
   */
  refusal: z.object({ code: z.string().min(1), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).optional(),
});
/**
 * What a run changed, emitted once just before `run_end`: every file it changed (workspace-relative,
 * resolved), grouped by effect class (`EFFECT_CLASSES`), with what approved each change
 * (`CHANGE_APPROVALS`) and the rule that decided it. Consumers that do not know it ignore it.
 */
export const ChangeSetEvent = z.object({
  ...base,
  type: z.literal('change_set'),
  changes: z.array(
    z.object({
      path: z.string(),
      effectClass: z.string(),
      approvedBy: z.string(),
      rule: z.string(),
      tool: z.string(),
    }),
  ),
});
export const RunEndEvent = z.object({
  ...base,
  type: z.literal('run_end'),
  stopReason: StopReason,
  output: z.string(),
  steps: z.number().int().nonnegative(),
  usage: Usage,
  costUsd: z.number().nonnegative(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

/** The spine of the system: sessions persist these, the CLI renders them, evidence builds ledgers from them. */
export const RunEvent = z.discriminatedUnion('type', [
  RunStartEvent,
  StepStartEvent,
  TextDeltaEvent,
  ThinkingDeltaEvent,
  AssistantMessageEvent,
  ToolCallEvent,
  ToolDecisionEvent,
  ToolResultEvent,
  ToolProgressEvent,
  ProgressEvent,
  UsageEvent,
  CompactionEvent,
  WarningEvent,
  ApprovalPendingEvent,
  ProviderNoticeEvent,
  TaintEvent,
  ScopeEvent,
  SubagentEvent,
  HandoffEvent,
  ChangeSetEvent,
  RunEndEvent,
]);
export type RunEvent = z.infer<typeof RunEvent>;
export type RunEventType = RunEvent['type'];
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;

/**
 * Anything that runs a task and streams its events: `@warden/core`'s `Agent`
 * has this shape, and so can another harness wrapped to speak `RunEvent`. Code
 * that only drives and observes a run (probes, evidence packs) asks for this,
 * not for core. The stream ends with one `run_end` event.
 */
export interface StreamingAgent {
  stream(task: string, options?: { signal?: AbortSignal }): AsyncIterable<RunEvent>;
}

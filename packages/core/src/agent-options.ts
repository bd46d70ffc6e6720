import type { ZodType } from 'zod';
import type {
  ApproverV1,
  GateV1,
  HooksV1,
  Owner,
  ProviderV1,
  SessionStoreV1,
  ToolV1,
} from '@warden/protocol';

/** Ceilings for one run. Token and cost limits are checked between steps; see README. */
export interface BudgetOptions {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  costUsd?: number;
  /** Model calls, wrap-up and retries included. */
  steps?: number;
  /** `stop` (default) ends the run with stopReason `budget`; `throw` rejects with RunError `run.budget_exceeded`. */
  onExceed?: 'stop' | 'throw';
}

export interface CompactionOptions {
  /** Compact when the estimated context passes this many tokens. */
  thresholdTokens?: number;
  /** Or this fraction of the provider's `contextWindow` (default 0.8 when the window is known). */
  thresholdFraction?: number;
  /** Messages at the end kept verbatim (default 6; never splits a tool call from its result). */
  keepRecentMessages?: number;
  /** Old tool results longer than this are hollowed out first (default 4000 characters). */
  maxToolResultChars?: number;
  /** Facts copied verbatim into every compacted history. */
  pinned?: string[];
}

export interface SubagentSpec {
  description: string;
  system?: string;
  /** Explicit allowlist; narrowed to the tools the parent holds. `delegate` is never given. */
  tools: string[];
  maxTurns?: number;
  budget?: BudgetOptions;
}

/** The hook contract is protocol's `HooksV1`; `AgentHooks` is its name in core's options. */
export type AgentHooks = HooksV1;

export interface SessionOptions {
  store: SessionStoreV1;
  id?: string;
  owner?: Owner;
  title?: string;
}

export interface AgentOptions {
  provider: ProviderV1;
  tools?: ToolV1[];
  /** Default: readOnly tools allowed, everything else `ask` (rule `core.default`). */
  gate?: GateV1;
  /** None ⇒ every `ask` is denied (never allowed). */
  approver?: ApproverV1;
  session?: SessionOptions;
  system?: string;
  /** Default 20; then one tool-free wrap-up call, stopReason `max_turns`. */
  maxTurns?: number;
  budget?: BudgetOptions;
  /** Several hook sets run in order. */
  hooks?: AgentHooks | AgentHooks[];
  compaction?: false | CompactionOptions;
  subagents?: Record<string, SubagentSpec>;
  /** Structured output, validated, retried up to `outputRetries` (default 2). */
  output?: ZodType;
  outputRetries?: number;
  /** Tool calls run at once within a step (default 4). */
  concurrency?: number;
  /** Default true. */
  streaming?: boolean;
  /** Default 120000; a tool's own `timeoutMs` wins. */
  toolTimeoutMs?: number;
  context?: { userId?: string; tenantId?: string; workspace?: string };
}

import type { ZodType } from 'zod';
import type {
  ApproverV1,
  GateV1,
  Handoff,
  HandoffHistory,
  Message,
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

/**
 * An agent the conversation can be handed to (`transfer_to_<name>`). It answers the user itself,
 * in the same run and session. It never holds more than the agent `createAgent` was called with:
 * its tools are its allowlist narrowed to that agent's tools, every call also goes through that
 * agent's gate (its own `gate` can only add refusals), and scope, taint, approver and hooks are
 * the run's.
 */
/**
 * Called with the handoff record before the other agent starts. Return `{ block: reason }` (or
 * throw) to refuse: the model reads the reason as the transfer tool's result and answers itself.
 */
export type HandoffHook = (record: Readonly<Handoff>) => void | { block: string } | Promise<void | { block: string }>;

/** A custom history for the receiving agent: messages in, messages out (the handoff note is added after). */
export type HandoffHistoryFilter = (messages: readonly Message[]) => Message[] | Promise<Message[]>;

export interface HandoffSpec {
  /** What the model chooses by: shown in the transfer tool's description. */
  description: string;
  system?: string;
  /** Explicit allowlist, narrowed to the tools of the agent createAgent was called with. */
  tools: string[];
  /** A gate of its own; the calling agent's gate still decides too, and the stricter answer wins. */
  gate?: GateV1;
  /** Its own model; default the calling agent's provider. */
  provider?: ProviderV1;
  /** What it sees of the conversation (default `full`), or a filter of your own (messages in, messages out). */
  history?: HandoffHistory | HandoffHistoryFilter;
  /** Called before this agent takes over; may refuse (see `HandoffHook`). */
  onHandoff?: HandoffHook;
  /**
   * Starts what this agent needs (a connection, a sandbox, a model check) before it takes over: at
   * a transfer, and when a stored conversation it holds is picked up. A throw means it cannot
   * start: a transfer is refused (`handoff.unavailable`, the model reads why) and a conversation it
   * holds goes back to the agent called (`core.handoff_agent_unavailable`).
   */
  start?: () => void | Promise<void>;
  /** Default true: it also answers the next turn. False: the next turn goes back to the agent that handed off. */
  sticky?: boolean;
  /** Its own turn limit while it holds the conversation (default: the calling agent's). */
  maxTurns?: number;
  /** Its share: what it may spend from the moment it takes over (the run's own budget still holds). */
  budget?: BudgetOptions;
  /** Agents it may hand on to: names of other handoff agents, or the calling agent's `name`. Default none. */
  handoffs?: string[];
}

/** A template `spawn_agent` builds run-time agents from (the model chooses the name, task and instructions). */
export interface RuntimeAgentTemplate {
  description: string;
  system?: string;
  /** Explicit allowlist, narrowed to the spawning agent's tools (and `runtimeAgents.tools`). */
  tools: string[];
  maxTurns?: number;
  /** Absolute ceilings for each spawned agent, further bounded by `budgetShare` of what the parent has left. */
  budget?: BudgetOptions;
  /** Fraction (0, 1] of the parent's remaining budget, on each axis the parent limits, a spawned agent may use (default 0.5). */
  budgetShare?: number;
}

/** `spawn_agent` (off unless given): bounded agents created at run time from declared templates. */
export interface RuntimeAgentsOptions {
  templates: Record<string, RuntimeAgentTemplate>;
  /** Spin-ups per run, nested ones included (default 5; 0-100). */
  maxRuntimeAgents?: number;
  /** How deep spawning goes: 1 (default) means a spawned agent cannot spawn; at most 3. */
  maxDepth?: number;
  /** A cap on what any spawned agent may hold, on top of each template's allowlist. */
  tools?: string[];
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
  /** This agent's name in handoffs, events and receipts (default `main`). */
  name?: string;
  /** Agents the conversation can be handed to; each adds a `transfer_to_<name>` tool. */
  handoffs?: Record<string, HandoffSpec>;
  /** Handoffs granted per run (default 5); past it the transfer tool refuses with `run.max_handoffs`. */
  maxHandoffs?: number;
  /** Called before any handoff of the run is granted (to any agent, back to this one included); may refuse. */
  onHandoff?: HandoffHook;
  /** Adds `spawn_agent` (off by default). */
  runtimeAgents?: RuntimeAgentsOptions;
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

import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { AgentOptions, BudgetOptions, CompactionOptions, HandoffSpec, RuntimeAgentsOptions, RuntimeAgentTemplate, SessionOptions, SubagentSpec } from './agent-options.js';

// Every options interface's keys, checked by the compiler against the interface: a key added
// to an interface and not here (or the reverse) fails the build, so the lists cannot drift.
export const AGENT_KEYS = {
  provider: true, tools: true, gate: true, approver: true, session: true, system: true, maxTurns: true, budget: true, hooks: true,
  compaction: true, subagents: true, name: true, handoffs: true, maxHandoffs: true, onHandoff: true, runtimeAgents: true, output: true,
  outputRetries: true, concurrency: true, streaming: true, toolTimeoutMs: true, context: true,
} satisfies OptionKeys<AgentOptions>;
export const BUDGET_KEYS = { inputTokens: true, outputTokens: true, totalTokens: true, costUsd: true, steps: true, onExceed: true } satisfies OptionKeys<BudgetOptions>;
export const COMPACTION_KEYS = { thresholdTokens: true, thresholdFraction: true, keepRecentMessages: true, maxToolResultChars: true, pinned: true } satisfies OptionKeys<CompactionOptions>;
export const SUBAGENT_KEYS = { description: true, system: true, tools: true, maxTurns: true, budget: true } satisfies OptionKeys<SubagentSpec>;
export const SESSION_KEYS = { store: true, id: true, owner: true, title: true } satisfies OptionKeys<SessionOptions>;
export const CONTEXT_KEYS = { userId: true, tenantId: true, workspace: true } satisfies OptionKeys<NonNullable<AgentOptions['context']>>;
export const HANDOFF_SPEC_KEYS = {
  description: true, system: true, tools: true, gate: true, provider: true, history: true, onHandoff: true, start: true, sticky: true, maxTurns: true, budget: true, handoffs: true,
} satisfies OptionKeys<HandoffSpec>;
export const TEMPLATE_KEYS = { description: true, system: true, tools: true, maxTurns: true, budget: true, budgetShare: true } satisfies OptionKeys<RuntimeAgentTemplate>;
export const RUNTIME_KEYS = { templates: true, maxRuntimeAgents: true, maxDepth: true, tools: true } satisfies OptionKeys<RuntimeAgentsOptions>;

/** A key list, whatever interface it belongs to. */
export type KeyList = Readonly<Record<string, true>>;

/** Refuses a key that is not in `keys` (`config.unknown_key`, with "did you mean"); `where` names the object. */
export function checkKeys(value: object, keys: KeyList, where: string): void {
  strictOptions(where, keys, value);
}

import type { AgentOptions, BudgetOptions, HandoffSpec, RuntimeAgentsOptions } from '@warden/core';
import { stricterMode } from '@warden/protocol/vocabulary';
import type { GateMode, GateV1 } from '@warden/protocol';
import type { HarnessConfig } from './harness-config.js';

type AgentBudget = { tokens?: number; usd?: number; steps?: number };

/** A config budget as core's `BudgetOptions` (undefined when it limits nothing). */
export function coreBudget(b: AgentBudget | undefined): BudgetOptions | undefined {
  if (!b || (b.tokens === undefined && b.usd === undefined && b.steps === undefined)) return undefined;
  return { onExceed: 'stop', ...(b.tokens !== undefined ? { totalTokens: b.tokens } : {}), ...(b.usd !== undefined ? { costUsd: b.usd } : {}), ...(b.steps !== undefined ? { steps: b.steps } : {}) };
}

export interface TeamParts {
  /** The harness's mode: an agent's own mode is never looser. */
  mode: GateMode;
  /** The governed gate for a mode (the harness's deny list, protected paths, policies and scope rules). */
  gateFor(mode: GateMode): GateV1;
  /** The system prompt with an agent's instructions in place of the harness's. */
  promptFor(instructions: string | undefined): Promise<string>;
}

/**
 * Core's handoff options from the config's `handoffs`: each agent with its own instructions, tools
 * and history mode, and — when its `mode` is stricter than the harness's — a gate for that mode,
 * which core intersects with the harness's gate. A looser mode changes nothing.
 */
export async function handoffOptions(config: HarnessConfig['handoffs'], parts: TeamParts): Promise<Pick<AgentOptions, 'name' | 'handoffs' | 'maxHandoffs'>> {
  if (!config) return {};
  const handoffs: Record<string, HandoffSpec> = {};
  for (const [name, entry] of Object.entries(config.agents)) {
    const spec: HandoffSpec = { description: entry.description, tools: [...entry.tools], system: await parts.promptFor(entry.instructions) };
    const mode = entry.mode ? stricterMode(parts.mode, entry.mode) : parts.mode;
    if (mode !== parts.mode) spec.gate = parts.gateFor(mode);
    if (entry.history) spec.history = entry.history;
    if (entry.sticky !== undefined) spec.sticky = entry.sticky;
    if (entry.maxTurns) spec.maxTurns = entry.maxTurns;
    const budget = coreBudget(entry.budget);
    if (budget) spec.budget = budget;
    if (entry.handoffs) spec.handoffs = [...entry.handoffs];
    handoffs[name] = spec;
  }
  return { handoffs, ...(config.name ? { name: config.name } : {}), ...(config.maxHandoffs !== undefined ? { maxHandoffs: config.maxHandoffs } : {}) };
}

/** Core's `runtimeAgents` from the config (templates' instructions become their system prompts). */
export function runtimeAgentOptions(config: HarnessConfig['runtimeAgents']): RuntimeAgentsOptions | undefined {
  if (!config) return undefined;
  const templates: RuntimeAgentsOptions['templates'] = {};
  for (const [name, t] of Object.entries(config.templates)) {
    const budget = coreBudget(t.budget);
    templates[name] = {
      description: t.description,
      tools: [...t.tools],
      ...(t.instructions !== undefined ? { system: t.instructions } : {}),
      ...(t.maxTurns ? { maxTurns: t.maxTurns } : {}),
      ...(budget ? { budget } : {}),
      ...(t.budgetShare !== undefined ? { budgetShare: t.budgetShare } : {}),
    };
  }
  return {
    templates,
    ...(config.maxRuntimeAgents !== undefined ? { maxRuntimeAgents: config.maxRuntimeAgents } : {}),
    ...(config.maxDepth !== undefined ? { maxDepth: config.maxDepth } : {}),
    ...(config.tools ? { tools: [...config.tools] } : {}),
  };
}

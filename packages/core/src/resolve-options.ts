import type { ZodType } from 'zod';
import {
  assertSpecificationVersion,
  ConfigError,
  toolSpecOf,
  type ApproverV1,
  type GateV1,
  type JsonSchema,
  type ProviderV1,
  type ToolSpec,
  type ToolV1,
} from '@warden/protocol';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';
import { configError, toolError } from './coded-errors.js';
import type { AgentHooks, AgentOptions, BudgetOptions, SessionOptions, SubagentSpec } from './agent-options.js';
import { serializePersonApprover } from './approval.js';
import { defaultGate } from './default-gate.js';
import { deepFreeze } from './freeze.js';
import { outputJsonSchema } from './structured-output.js';
import type { Agent } from './run-result.js';
import { checkAgentName, resolveHandoffs, TRANSFER_PREFIX, type HandoffSetup } from './resolve-handoffs.js';
import { resolveRuntime, SPAWN_TOOL, type ResolvedRuntime } from './runtime-agents.js';
import { AGENT_KEYS, BUDGET_KEYS, checkKeys, COMPACTION_KEYS, CONTEXT_KEYS, SESSION_KEYS, SUBAGENT_KEYS } from './option-keys.js';

export const DELEGATE_TOOL = 'delegate';

export interface ResolvedCompaction {
  thresholdTokens: number;
  keepRecentMessages: number;
  maxToolResultChars: number;
  pinned: string[];
}

export interface ResolvedSubagent {
  name: string;
  spec: SubagentSpec;
  agent: Agent;
  /** Allowlisted names the parent does not hold (so the child does not get them). */
  dropped: string[];
}

/** What an agent built by core itself (a spawned agent) inherits from the run that built it. */
export interface AgentInternals {
  depth: number;
  spawned?: { count: number };
}

/** Builds an agent; core passes `createAgent`'s own builder so spawned agents get the internals. */
export type AgentBuilder = (options: AgentOptions, internal?: AgentInternals) => Agent;

export interface ResolvedOptions {
  /** The agent's name in handoffs, events and receipts. */
  name: string;
  /** Present on an agent with somewhere to hand the conversation. */
  handoffs?: HandoffSetup;
  /** Present when `spawn_agent` is on. */
  runtime?: ResolvedRuntime;
  provider: ProviderV1;
  tools: ToolV1[];
  /** Each tool's spec, made once per agent: every run sends the same objects, which providers check and convert once. */
  toolSpecs: ReadonlyMap<ToolV1, ToolSpec>;
  gate: GateV1;
  approver?: ApproverV1;
  session?: SessionOptions;
  system?: string;
  maxTurns: number;
  budget?: BudgetOptions;
  hooks: AgentHooks[];
  compaction?: ResolvedCompaction;
  subagents: ResolvedSubagent[];
  output?: ZodType;
  outputSchema?: JsonSchema;
  outputRetries: number;
  concurrency: number;
  streaming: boolean;
  toolTimeoutMs: number;
  context: { userId?: string; tenantId?: string; workspace?: string };
}

function invalid(key: string, expected: string): ConfigError {
  return configError({ code: 'config.invalid', message: `${key} must be ${expected}`, hint: `Fix ${key} in the options passed to createAgent.` });
}

function positiveInt(value: number | undefined, key: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw invalid(key, 'a positive integer');
  return value;
}

function checkBudget(budget: BudgetOptions | undefined, where: string): BudgetOptions | undefined {
  if (budget === undefined) return undefined;
  checkKeys(budget, BUDGET_KEYS, where);
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'costUsd', 'steps'] as const) {
    const value = budget[key];
    if (value !== undefined && !(typeof value === 'number' && value > 0)) throw invalid(`${where}.${key}`, 'a positive number');
  }
  if (budget.onExceed !== undefined && budget.onExceed !== 'stop' && budget.onExceed !== 'throw') throw invalid(`${where}.onExceed`, '"stop" or "throw"');
  return budget;
}

function resolveCompaction(options: AgentOptions): ResolvedCompaction | undefined {
  if (options.compaction === false) return undefined;
  const c = options.compaction ?? {};
  checkKeys(c, COMPACTION_KEYS, 'compaction');
  if (c.thresholdFraction !== undefined && !(c.thresholdFraction > 0 && c.thresholdFraction <= 1)) throw invalid('compaction.thresholdFraction', 'a number in (0, 1]');
  const window = options.provider.contextWindow;
  const thresholdTokens =
    c.thresholdTokens !== undefined
      ? positiveInt(c.thresholdTokens, 'compaction.thresholdTokens', 1)
      : window !== undefined
        ? Math.floor(window * (c.thresholdFraction ?? 0.8))
        : undefined;
  if (thresholdTokens === undefined) return undefined;
  return {
    thresholdTokens,
    keepRecentMessages: positiveInt(c.keepRecentMessages, 'compaction.keepRecentMessages', 6),
    maxToolResultChars: positiveInt(c.maxToolResultChars, 'compaction.maxToolResultChars', 4000),
    pinned: [...(c.pinned ?? [])],
  };
}

/** Checks options once, at the boundary, and fills in the defaults. `spawn` builds sub-agents. */
export function resolveOptions(options: AgentOptions, spawn: AgentBuilder, internal?: AgentInternals): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'an object');
  checkKeys(options, AGENT_KEYS, 'createAgent');
  if (!options.provider) throw invalid('provider', 'a ProviderV1');
  const provider = assertSpecificationVersion(options.provider, 'provider', 'provider');
  const tools = (options.tools ?? []).map((tool) => assertSpecificationVersion(tool, `tool ${JSON.stringify(tool?.name)}`, 'tool'));
  const seen = new Set<string>();
  const delegating = Object.keys(options.subagents ?? {}).length > 0;
  for (const tool of tools) {
    if (!TOOL_NAME_PATTERN.test(tool.name) || typeof tool.inputSchema !== 'object' || tool.inputSchema === null || typeof tool.execute !== 'function') {
      throw toolError({
        code: 'tool.invalid_definition',
        message: `tool ${JSON.stringify(tool.name)} is invalid: it needs a provider-safe name, an inputSchema object and an execute function`,
        hint: 'Tool names are 1-64 characters: a letter, then letters, digits, _ or -.',
      });
    }
    checkToolControls(tool);
    if (tool.name.startsWith(TRANSFER_PREFIX) && options.handoffs !== undefined) {
      throw toolError({ code: 'tool.duplicate_name', message: `tool ${JSON.stringify(tool.name)} clashes with the handoff tools`, hint: `Names starting with "${TRANSFER_PREFIX}" are reserved when handoffs are configured.` });
    }
    if (tool.name === SPAWN_TOOL && options.runtimeAgents !== undefined) {
      throw toolError({ code: 'tool.duplicate_name', message: `two tools are named ${JSON.stringify(tool.name)}`, hint: '"spawn_agent" is reserved when runtimeAgents is configured.' });
    }
    if (seen.has(tool.name) || (tool.name === DELEGATE_TOOL && delegating)) {
      throw toolError({
        code: 'tool.duplicate_name',
        message: `two tools are named ${JSON.stringify(tool.name)}`,
        hint: delegating && tool.name === DELEGATE_TOOL ? '"delegate" is reserved when subagents are configured.' : 'Rename one of them.',
      });
    }
    seen.add(tool.name);
  }
  if (options.session) {
    checkKeys(options.session, SESSION_KEYS, 'session');
    assertSpecificationVersion(options.session.store, 'session store', 'sessionStore');
  }
  if (options.context) checkKeys(options.context, CONTEXT_KEYS, 'context');
  const hooks = options.hooks === undefined ? [] : Array.isArray(options.hooks) ? [...options.hooks] : [options.hooks];
  const outputSchema = options.output ? outputJsonSchema(options.output) : undefined;
  const resolved: ResolvedOptions = {
    name: options.name === undefined ? 'main' : checkAgentName(options.name, 'name'),
    provider,
    tools,
    toolSpecs: new Map(tools.map((tool) => [tool, frozenSpecOf(tool)])),
    gate: options.gate ? assertSpecificationVersion(options.gate, 'gate', 'gate') : defaultGate(),
    maxTurns: positiveInt(options.maxTurns, 'maxTurns', 20),
    hooks,
    subagents: [],
    outputRetries: options.outputRetries === undefined ? 2 : nonNegativeInt(options.outputRetries, 'outputRetries'),
    concurrency: positiveInt(options.concurrency, 'concurrency', 4),
    streaming: options.streaming ?? true,
    toolTimeoutMs: positiveInt(options.toolTimeoutMs, 'toolTimeoutMs', 120_000),
    context: { ...options.context },
  };
  if (options.approver) resolved.approver = serializePersonApprover(assertSpecificationVersion(options.approver, 'approver', 'approver'));
  if (options.session) resolved.session = options.session;
  if (options.system !== undefined) resolved.system = options.system;
  const budget = checkBudget(options.budget, 'budget');
  if (budget) resolved.budget = budget;
  const compaction = resolveCompaction(options);
  if (compaction) resolved.compaction = compaction;
  if (options.output) resolved.output = options.output;
  if (outputSchema) resolved.outputSchema = outputSchema;
  resolved.subagents = resolveSubagents(options, resolved.approver, tools, spawn);
  const handoffs = resolveHandoffs(options, resolved, tools, resolved.approver, (child) => resolveOptions(child, spawn), checkKeys);
  if (handoffs) resolved.handoffs = handoffs;
  else if (options.maxHandoffs !== undefined) throw invalid('maxHandoffs', 'given only with handoffs');
  const runtime = resolveRuntime(options, internal, checkKeys, checkBudget);
  if (runtime) resolved.runtime = runtime;
  return resolved;
}

/** A tool's spec as a frozen copy: the tool's own schema object is left as it is. */
export function frozenSpecOf(tool: ToolV1): ToolSpec {
  let copy: ToolSpec;
  try {
    copy = structuredClone(toolSpecOf(tool));
  } catch {
    throw invalid(`tool ${JSON.stringify(tool.name)}`, 'an inputSchema and annotations of plain JSON (no functions or class instances)');
  }
  return deepFreeze(copy);
}

function nonNegativeInt(value: number, key: string): number {
  if (!Number.isInteger(value) || value < 0) throw invalid(key, 'a non-negative integer');
  return value;
}

function resolveSubagents(
  options: AgentOptions,
  approver: ApproverV1 | undefined,
  tools: readonly ToolV1[],
  spawn: AgentBuilder,
): ResolvedSubagent[] {
  const out: ResolvedSubagent[] = [];
  for (const [name, spec] of Object.entries(options.subagents ?? {})) {
    checkKeys(spec, SUBAGENT_KEYS, `subagents.${name}`);
    if (!Array.isArray(spec.tools)) throw invalid(`subagents.${name}.tools`, 'an explicit array of tool names');
    const allowed = tools.filter((t) => spec.tools.includes(t.name));
    const dropped = spec.tools.filter((n) => !allowed.some((t) => t.name === n));
    const child: AgentOptions = {
      provider: options.provider,
      tools: allowed,
      maxTurns: spec.maxTurns ?? 10,
      compaction: options.compaction ?? {},
      concurrency: options.concurrency ?? 4,
      streaming: options.streaming ?? true,
      toolTimeoutMs: options.toolTimeoutMs ?? 120_000,
    };
    if (options.gate) child.gate = options.gate;
    // The parent's (serialised) approver: children's prompts queue behind each other.
    if (approver) child.approver = approver;
    if (options.hooks) child.hooks = options.hooks;
    if (options.context) child.context = options.context;
    if (spec.system !== undefined) child.system = spec.system;
    const budget = checkBudget(spec.budget, `subagents.${name}.budget`);
    if (budget) child.budget = budget;
    out.push({ name, spec, agent: spawn(child), dropped });
  }
  return out;
}

/** A tool's `permission` and `cacheable` are checked once, when the agent is built. */
function checkToolControls(tool: ToolV1): void {
  if (tool.permission !== undefined && !TOOL_PERMISSIONS.includes(tool.permission)) {
    throw toolError({ code: 'tool.invalid_definition', message: `tool ${JSON.stringify(tool.name)} has permission ${JSON.stringify(tool.permission)}`, hint: 'permission is "allow", "ask" or "deny".' });
  }
  const cacheable = tool.cacheable;
  if (cacheable === undefined || cacheable === false) return;
  if (cacheable !== true && !(typeof cacheable === 'object' && cacheable !== null && Number.isFinite(cacheable.ttlMs) && cacheable.ttlMs > 0)) {
    throw toolError({ code: 'tool.invalid_definition', message: `tool ${JSON.stringify(tool.name)} has an invalid cacheable value`, hint: 'cacheable is true or { ttlMs } with a positive number of milliseconds.' });
  }
  const a = tool.annotations ?? {};
  if (a.mutating === true || a.destructive === true || a.openWorld === true || a.readOnly === false) {
    throw toolError({
      code: 'tool.invalid_definition',
      message: `tool ${JSON.stringify(tool.name)} is cacheable but changes or reaches outside the world (mutating, destructive, open-world or not read-only)`,
      hint: 'Only tools without effects may be cacheable: a repeated call to one with effects must run again.',
    });
  }
}

const TOOL_PERMISSIONS: readonly string[] = ['allow', 'ask', 'deny'];

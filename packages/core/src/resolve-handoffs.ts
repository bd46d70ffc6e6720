import { ConfigError, type ApproverV1, type HandoffHistory, type ToolV1 } from '@warden/protocol';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';
import { configError } from './coded-errors.js';
import type { AgentOptions, HandoffHistoryFilter, HandoffHook, HandoffSpec } from './agent-options.js';
import { intersectGates } from './handoff-gate.js';
import type { ResolvedOptions } from './resolve-options.js';
import { HANDOFF_SPEC_KEYS, type KeyList } from './option-keys.js';

export const TRANSFER_PREFIX = 'transfer_to_';
/** Agent names: a letter, then letters, digits, _ or - (the protocol's `AgentName`), short enough for a tool name. */
const AGENT_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,51}$/;
const HISTORIES: readonly HandoffHistory[] = ['full', 'summary', 'none'];

/** One agent that can hold the conversation, with the options its steps run under. */
export interface AgentProfile {
  name: string;
  description: string;
  options: ResolvedOptions;
  /** Agents it may hand the conversation to. */
  targets: string[];
  history: HandoffHistory;
  /** A custom history filter (then `history` is `full` in the record's terms: the filter decides). */
  filter?: HandoffHistoryFilter;
  onHandoff?: HandoffHook;
  /** `HandoffSpec.start`: throws when the agent cannot start. */
  start?: () => void | Promise<void>;
  sticky: boolean;
  /** Allowlisted tool names the originating agent does not hold (so this agent does not get them). */
  dropped: string[];
}

/** The handoff configuration of the agent createAgent was called with (the originating agent). */
export interface HandoffSetup {
  root: string;
  maxHandoffs: number;
  /** The run-wide hook (`AgentOptions.onHandoff`). */
  onHandoff?: HandoffHook;
  /** The receiving agents by name (the originating agent is not among them). */
  profiles: Map<string, AgentProfile>;
  /** Whom the originating agent may hand to: every receiving agent. */
  rootTargets: string[];
}

function invalid(key: string, expected: string): ConfigError {
  return configError({ code: 'config.invalid', message: `${key} must be ${expected}`, hint: `Fix ${key} in the options passed to createAgent.` });
}

export function checkAgentName(name: string, key: string): string {
  if (typeof name !== 'string' || !AGENT_NAME.test(name) || !TOOL_NAME_PATTERN.test(`${TRANSFER_PREFIX}${name}`)) {
    throw invalid(key, 'an agent name: a letter, then letters, digits, _ or -, at most 52 characters');
  }
  return name;
}

/**
 * Builds each receiving agent's options from the originating agent's: its tools are its allowlist
 * narrowed to the originating agent's tools; its gate is the originating gate intersected with its
 * own; approver, hooks, session, compaction and context are the originating agent's.
 */
export function resolveHandoffs(
  options: AgentOptions,
  root: ResolvedOptions,
  tools: readonly ToolV1[],
  approver: ApproverV1 | undefined,
  resolve: (options: AgentOptions) => ResolvedOptions,
  checkKeys: (value: object, keys: KeyList, where: string) => void,
): HandoffSetup | undefined {
  const specs = Object.entries(options.handoffs ?? {});
  if (specs.length === 0) return undefined;
  const rootName = root.name;
  const maxHandoffs = options.maxHandoffs ?? 5;
  if (!Number.isInteger(maxHandoffs) || maxHandoffs < 0 || maxHandoffs > 100) throw invalid('maxHandoffs', 'an integer from 0 to 100');
  const profiles = new Map<string, AgentProfile>();
  for (const [name, spec] of specs) {
    checkAgentName(name, `handoffs.${name}`);
    if (name === rootName) throw invalid(`handoffs.${name}`, `a name other than the agent's own (${rootName})`);
    checkKeys(spec, HANDOFF_SPEC_KEYS, `handoffs.${name}`);
    if (typeof spec.description !== 'string' || spec.description === '') throw invalid(`handoffs.${name}.description`, 'a non-empty string');
    if (!Array.isArray(spec.tools)) throw invalid(`handoffs.${name}.tools`, 'an explicit array of tool names');
    if (spec.history !== undefined && typeof spec.history !== 'function' && !HISTORIES.includes(spec.history)) throw invalid(`handoffs.${name}.history`, '"full", "summary", "none" or a filter function');
    if (spec.onHandoff !== undefined && typeof spec.onHandoff !== 'function') throw invalid(`handoffs.${name}.onHandoff`, 'a function');
    if (spec.start !== undefined && typeof spec.start !== 'function') throw invalid(`handoffs.${name}.start`, 'a function');
    profiles.set(name, profileFor(name, spec, options, root, tools, approver, resolve));
  }
  for (const [name, profile] of profiles) {
    for (const target of profile.targets) {
      if (target !== rootName && !profiles.has(target)) throw invalid(`handoffs.${name}.handoffs`, `names of declared agents (${[rootName, ...profiles.keys()].join(', ')}); "${target}" is not one`);
      if (target === name) throw invalid(`handoffs.${name}.handoffs`, 'names of other agents (an agent cannot hand to itself)');
    }
  }
  if (options.onHandoff !== undefined && typeof options.onHandoff !== 'function') throw invalid('onHandoff', 'a function');
  return { root: rootName, maxHandoffs, profiles, rootTargets: [...profiles.keys()], ...(options.onHandoff ? { onHandoff: options.onHandoff } : {}) };
}

function profileFor(
  name: string,
  spec: HandoffSpec,
  options: AgentOptions,
  root: ResolvedOptions,
  tools: readonly ToolV1[],
  approver: ApproverV1 | undefined,
  resolve: (options: AgentOptions) => ResolvedOptions,
): AgentProfile {
  const allowed = tools.filter((t) => spec.tools.includes(t.name));
  const dropped = spec.tools.filter((n) => !allowed.some((t) => t.name === n));
  const child: AgentOptions = {
    name,
    provider: spec.provider ?? options.provider,
    tools: allowed,
    maxTurns: spec.maxTurns ?? root.maxTurns,
    compaction: options.compaction ?? {},
    concurrency: root.concurrency,
    streaming: root.streaming,
    toolTimeoutMs: root.toolTimeoutMs,
    // The originating agent's gate decides every call; the agent's own can only refuse more.
    gate: spec.gate ? intersectGates(root.gate, spec.gate) : root.gate,
  };
  if (options.hooks) child.hooks = options.hooks;
  if (options.context) child.context = options.context;
  if (options.session) child.session = options.session;
  if (spec.system !== undefined) child.system = spec.system;
  if (spec.budget) child.budget = spec.budget;
  const resolved = resolve(child);
  // The originating agent's (serialised) approver, so prompts from either agent queue behind each other.
  if (approver) resolved.approver = approver;
  return {
    name,
    description: spec.description,
    options: resolved,
    targets: [...(spec.handoffs ?? [])],
    history: typeof spec.history === 'function' ? 'full' : (spec.history ?? 'full'),
    ...(typeof spec.history === 'function' ? { filter: spec.history } : {}),
    ...(spec.onHandoff ? { onHandoff: spec.onHandoff } : {}),
    ...(spec.start ? { start: spec.start } : {}),
    sticky: spec.sticky ?? true,
    dropped,
  };
}

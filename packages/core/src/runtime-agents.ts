import { ConfigError, type JsonObject, type ToolOutput, type ToolV1 } from '@warden/protocol';
import { configError, runError } from './coded-errors.js';
import type { AgentOptions, BudgetOptions, RuntimeAgentsOptions, RuntimeAgentTemplate } from './agent-options.js';
import { checkAgentName } from './resolve-handoffs.js';
import type { AgentInternals, ResolvedOptions } from './resolve-options.js';
import type { RunContext } from './run-context.js';
import type { Agent } from './run-result.js';
import { runChild } from './subagents.js';
import { RUNTIME_KEYS, TEMPLATE_KEYS, type KeyList } from './option-keys.js';

export const SPAWN_TOOL = 'spawn_agent';
const AXES = ['inputTokens', 'outputTokens', 'totalTokens', 'costUsd', 'steps'] as const;

export interface ResolvedRuntime {
  options: RuntimeAgentsOptions;
  templates: Map<string, RuntimeAgentTemplate>;
  max: number;
  maxDepth: number;
  /** 0 for the agent createAgent was called with, 1 for an agent it spawned, … */
  depth: number;
  /** The spawning run's counter, for nested spawners (they share their root run's ceiling). */
  shared?: { count: number };
  /** What spawned agents are built from (the spawning agent's own options). */
  parent: AgentOptions;
}

function invalid(key: string, expected: string): ConfigError {
  return configError({ code: 'config.invalid', message: `${key} must be ${expected}`, hint: `Fix ${key} in the options passed to createAgent.` });
}

export function resolveRuntime(options: AgentOptions, internal: AgentInternals | undefined, checkKeys: (value: object, keys: KeyList, where: string) => void, checkBudget: (budget: BudgetOptions | undefined, where: string) => BudgetOptions | undefined): ResolvedRuntime | undefined {
  const rt = options.runtimeAgents;
  if (rt === undefined) return undefined;
  checkKeys(rt, RUNTIME_KEYS, 'runtimeAgents');
  const max = rt.maxRuntimeAgents ?? 5;
  if (!Number.isInteger(max) || max < 0 || max > 100) throw invalid('runtimeAgents.maxRuntimeAgents', 'an integer from 0 to 100');
  const maxDepth = rt.maxDepth ?? 1;
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > 3) throw invalid('runtimeAgents.maxDepth', 'an integer from 1 to 3');
  if (rt.tools !== undefined && !Array.isArray(rt.tools)) throw invalid('runtimeAgents.tools', 'an array of tool names');
  const templates = new Map<string, RuntimeAgentTemplate>();
  for (const [name, template] of Object.entries(rt.templates ?? {})) {
    checkKeys(template, TEMPLATE_KEYS, `runtimeAgents.templates.${name}`);
    if (!Array.isArray(template.tools)) throw invalid(`runtimeAgents.templates.${name}.tools`, 'an explicit array of tool names');
    if (template.budgetShare !== undefined && !(template.budgetShare > 0 && template.budgetShare <= 1)) throw invalid(`runtimeAgents.templates.${name}.budgetShare`, 'a number in (0, 1]');
    checkBudget(template.budget, `runtimeAgents.templates.${name}.budget`);
    templates.set(name, template);
  }
  if (templates.size === 0) throw invalid('runtimeAgents.templates', 'at least one template');
  return { options: rt, templates, max, maxDepth, depth: internal?.depth ?? 0, ...(internal?.spawned ? { shared: internal.spawned } : {}), parent: options };
}

function refuse(message: string, hint: string): never {
  throw runError({ code: 'run.spawn_refused', message, hint });
}

/**
 * A spawned agent's budget: the template's ceilings, each cut to `budgetShare` of what the run has
 * left on the axes the run limits. Refused when nothing is left on one of them.
 */
export function carveBudget(run: RunContext, template: RuntimeAgentTemplate): BudgetOptions {
  const share = template.budgetShare ?? 0.5;
  const out: BudgetOptions = { ...template.budget, onExceed: 'stop' };
  const parent = run.root.budget;
  const used = { inputTokens: run.state.usage.inputTokens, outputTokens: run.state.usage.outputTokens, totalTokens: run.state.usage.inputTokens + run.state.usage.outputTokens, costUsd: run.state.costUsd, steps: run.state.step };
  for (const axis of AXES) {
    const limit = parent?.[axis];
    if (limit === undefined) continue;
    const left = limit - used[axis];
    const carved = axis === 'costUsd' ? left * share : Math.floor(left * share);
    if (!(carved > 0)) refuse(`the run has no ${axis} budget left to give a new agent (limit ${limit}, used ${used[axis]})`, 'Finish with what you have.');
    out[axis] = Math.min(out[axis] ?? Number.POSITIVE_INFINITY, carved);
  }
  return out;
}

/**
 * `spawn_agent` (off unless `runtimeAgents` is given): builds a bounded agent from a declared
 * template and runs one task with it. Typed refusals the model reads: `run.max_runtime_agents`
 * past the ceiling, `run.spawn_refused` for an unknown template, a bad name, a tool outside the
 * allowlist (template ∩ the spawning agent's tools ∩ `runtimeAgents.tools`) or no budget left.
 * A spawned agent spawns only while `maxDepth` allows, against the same per-run ceiling.
 */
export function spawnTool(run: RunContext, rt: ResolvedRuntime, options: ResolvedOptions, build: (options: AgentOptions, internal: AgentInternals) => Agent): ToolV1 {
  const list = [...rt.templates].map(([name, t]) => `- ${name}: ${t.description} (tools: ${t.tools.join(', ') || 'none'})`).join('\n');
  return {
    specificationVersion: 'v1',
    name: SPAWN_TOOL,
    description: `Create a specialist agent from a template and give it one self-contained task; it sees only what you write and answers with its result. At most ${rt.max} per run.\nTemplates:\n${list}`,
    inputSchema: {
      type: 'object',
      properties: {
        template: { type: 'string', enum: [...rt.templates.keys()] },
        name: { type: 'string', description: 'A name for the specialist (letters, digits, _ or -).' },
        task: { type: 'string', description: 'The complete task, with every detail it needs.' },
        instructions: { type: 'string', description: 'Extra instructions for this specialist.' },
        tools: { type: 'array', items: { type: 'string' }, description: "A subset of the template's tools (default: all it may hold)." },
      },
      required: ['template', 'name', 'task'],
      additionalProperties: false,
    },
    annotations: { readOnly: true, tags: ['delegate', 'spawn'] },
    timeoutMs: Number.POSITIVE_INFINITY,
    async execute(args: JsonObject, ctx): Promise<ToolOutput> {
      const counter = run.state.spawned;
      if (counter.count >= rt.max) {
        throw runError({ code: 'run.max_runtime_agents', message: `this run has already spawned ${counter.count} of ${rt.max} agents`, hint: 'Finish the work with what you have.' });
      }
      const template = rt.templates.get(String(args.template));
      if (!template) refuse(`no template named ${JSON.stringify(args.template)}`, `Templates: ${[...rt.templates.keys()].join(', ')}.`);
      let name: string;
      try {
        name = checkAgentName(String(args.name), 'name');
      } catch {
        refuse(`${JSON.stringify(args.name)} is not a valid agent name`, 'Use letters, digits, _ or -, starting with a letter.');
      }
      const held = new Set(options.tools.map((t) => t.name));
      const cap = rt.options.tools ? new Set(rt.options.tools) : undefined;
      const allowed = template.tools.filter((t) => held.has(t) && (!cap || cap.has(t)));
      const requested = Array.isArray(args.tools) ? args.tools.map(String) : allowed;
      const outside = requested.filter((t) => !allowed.includes(t));
      if (outside.length > 0) refuse(`${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not in the allowlist of template ${String(args.template)} (${allowed.join(', ') || 'none'})`, 'Ask only for tools the template allows.');
      const budget = carveBudget(run, template);
      const system = [template.system, typeof args.instructions === 'string' ? args.instructions : undefined].filter((s) => s !== undefined && s !== '').join('\n\n');
      const parent = rt.parent;
      const child: AgentOptions = {
        name,
        provider: options.provider,
        tools: options.tools.filter((t) => requested.includes(t.name)),
        gate: options.gate,
        hooks: options.hooks,
        context: options.context,
        maxTurns: template.maxTurns ?? 10,
        compaction: parent.compaction ?? {},
        concurrency: options.concurrency,
        streaming: options.streaming,
        toolTimeoutMs: options.toolTimeoutMs,
        budget,
        ...(options.approver ? { approver: options.approver } : {}),
        ...(system !== '' ? { system } : {}),
      };
      // No cascade beyond the declared depth: a spawned agent gets spawn_agent only while depth allows.
      if (rt.depth + 1 < rt.maxDepth) child.runtimeAgents = rt.options;
      counter.count += 1;
      const agent = build(child, { depth: rt.depth + 1, spawned: counter });
      return runChild(run, name, agent, String(args.task), ctx.signal);
    },
  };
}

import { assertPermittedUse, delegatedIdentity, intersectTools, type AgentIdentity, type EffectiveGovernance } from '@warden/governance';
import type { HarnessOptions } from '../harness-options.js';

type Delegate = { tools: string[]; identity?: Partial<AgentIdentity> | undefined };

/**
 * A delegate entry with its tools narrowed to what its identity chain holds (a purpose that widens
 * throws), without its `identity` (core does not know the key; applying this again narrows by the top alone).
 */
function scoped<T extends Delegate>(name: string, entry: T, top: AgentIdentity | undefined, policy: EffectiveGovernance | undefined): T {
  const { identity: own, ...rest } = entry;
  if (policy && own) assertPermittedUse(policy, { name, ...own });
  if (!top) return { ...rest, tools: own?.tools ? intersectTools(entry.tools, own.tools) : entry.tools } as T;
  const acting = delegatedIdentity(top, { name, ...own }, policy);
  return { ...rest, tools: intersectTools(entry.tools, acting.tools) } as T;
}

/**
 * The options with least privilege through delegation applied (issue 40): the agent is refused
 * when its identity (or a delegate's) names a prohibited domain or purpose; every sub-agent,
 * handoff target and spawned-agent template holds only the tools of its own identity ∩ the
 * harness's, and a purpose that does not match or narrow the harness's is `policy.identity_widened`.
 * The harness's own tools are narrowed by `filterTools`. Applying it twice changes nothing.
 */
export function identityScoped(options: HarnessOptions, policy: EffectiveGovernance | undefined): HarnessOptions {
  const top = options.identity;
  if (policy && top) assertPermittedUse(policy, { name: options.handoffs?.name ?? 'the agent', ...top });
  const out: HarnessOptions = { ...options };
  if (options.subagents) out.subagents = Object.fromEntries(Object.entries(options.subagents).map(([name, entry]) => [name, scoped(name, entry, top, policy)]));
  if (options.handoffs) out.handoffs = { ...options.handoffs, agents: Object.fromEntries(Object.entries(options.handoffs.agents).map(([name, entry]) => [name, scoped(name, entry, top, policy)])) };
  if (options.runtimeAgents) {
    const rt = options.runtimeAgents;
    out.runtimeAgents = {
      ...rt,
      ...(top?.tools ? { tools: intersectTools(rt.tools ?? top.tools, top.tools) } : {}),
      templates: Object.fromEntries(Object.entries(rt.templates).map(([name, entry]) => [name, scoped(name, entry, top, policy)])),
    };
  }
  return out;
}

/** The harness's own tools, narrowed to its identity's. */
export function identityTools<T extends { name: string }>(tools: readonly T[], identity: HarnessOptions['identity']): T[] {
  if (!identity?.tools) return [...tools];
  const allowed = new Set(intersectTools(tools.map((t) => t.name), identity.tools));
  return tools.filter((tool) => allowed.has(tool.name));
}

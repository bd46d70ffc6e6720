import { globToRegExp } from '../policy/glob.js';
import { policyError } from '../util/coded-errors.js';
import type { EffectiveGovernance } from './effective-governance.js';

/**
 * Who an agent is and what it is for: the person or team answerable for it, the purpose its runs
 * serve (the governance file's `purposes`), the tools it may hold (names or `*` globs; absent: no
 * limit of its own) and the domains it is used in (checked against `prohibited`).
 */
export interface AgentIdentity {
  readonly owner: string;
  readonly purpose?: string;
  readonly tools?: readonly string[];
  readonly domains?: readonly string[];
}

/** The identity a delegated agent acts under, with the owners of every identity above it. */
export interface DelegatedIdentity extends AgentIdentity {
  /** Owners from the top down; the delegated agent's own last. */
  readonly chain: readonly string[];
}

/** Whether `tool` is within `tools` (undefined: no limit). */
export function identityHolds(tools: readonly string[] | undefined, tool: string): boolean {
  return tools === undefined || tools.some((glob) => globToRegExp(glob).test(tool));
}

/** The tools of `wanted` that every identity in `limits` holds (the intersection; a limit of undefined is no limit). */
export function intersectTools(wanted: readonly string[], ...limits: ReadonlyArray<readonly string[] | undefined>): string[] {
  return wanted.filter((tool) => limits.every((limit) => identityHolds(limit, tool)));
}

/**
 * Whether `child` narrows `parent`: the same purpose, or (with the governance) one that lets
 * through no data class the parent's does not. Without a policy only the same purpose narrows.
 */
export function purposeNarrows(parent: string | undefined, child: string | undefined, governance?: EffectiveGovernance): boolean {
  // No parent purpose: nothing to narrow. A child without one acts under the parent's.
  if (parent === undefined || child === undefined || child === parent) return true;
  if (!governance) return false;
  const mine = governance.purposes.get(child);
  const theirs = governance.purposes.get(parent);
  if (!mine || !theirs) return false;
  return [...mine].every((cls) => theirs.has(cls));
}

/**
 * The identity a sub-agent, handoff target, spawned agent or workflow step acts under: its tools
 * are its own ∩ every identity's above it; its purpose is its own when that matches or narrows
 * the parent's (else `policy.identity_widened`), or the parent's when it declares none; its domains
 * add to the parent's (a delegate is used in everything its parent is).
 */
export function delegatedIdentity(parent: AgentIdentity | DelegatedIdentity, child: Partial<AgentIdentity> & { name?: string }, governance?: EffectiveGovernance): DelegatedIdentity {
  const parentChain = 'chain' in parent ? parent.chain : [parent.owner];
  const purpose = child.purpose ?? parent.purpose;
  if (!purposeNarrows(parent.purpose, purpose, governance)) {
    throw policyError({
      code: 'policy.identity_widened',
      message: `${child.name ?? 'a delegated agent'} declares purpose ${JSON.stringify(purpose)}, which does not match or narrow ${JSON.stringify(parent.purpose)} of the identity above it (${parentChain.join(' → ')})`,
      hint: 'Give the delegated agent the same purpose, or one whose data classes are a subset of the parent purpose\'s in the governance file.',
    });
  }
  const tools = parent.tools === undefined ? child.tools : child.tools === undefined ? parent.tools : intersectTools(child.tools, parent.tools);
  const domains = [...new Set([...(parent.domains ?? []), ...(child.domains ?? [])])];
  const owner = child.owner ?? parent.owner;
  return {
    owner,
    chain: [...parentChain, owner],
    ...(purpose !== undefined ? { purpose } : {}),
    ...(tools !== undefined ? { tools } : {}),
    ...(domains.length > 0 ? { domains } : {}),
  };
}

/**
 * Refuses to build an agent for a prohibited use: any declared domain, or the purpose, that the
 * governance lists under `prohibited` (`policy.prohibited_use`). Under `mode: monitor` too: a
 * prohibited use is not something to observe first.
 */
export function assertPermittedUse(governance: EffectiveGovernance, identity: Pick<AgentIdentity, 'purpose' | 'domains'> & { name?: string }): void {
  const declared = [...(identity.domains ?? []), ...(identity.purpose !== undefined ? [identity.purpose] : [])];
  const found = declared.filter((domain) => governance.prohibited.includes(domain));
  if (found.length === 0) return;
  throw policyError({
    code: 'policy.prohibited_use',
    message: `${identity.name ?? 'the agent'} is declared for ${found.join(', ')}, which the governance file prohibits (policy ${governance.version.slice(0, 19)}…)`,
    hint: 'Do not build this agent; if the declaration is wrong, correct its identity domains or purpose.',
  });
}

import type { GateMode } from '@warden/protocol';
import { stricterMode } from '@warden/protocol/vocabulary';
import type { CompiledRule } from './compiled-rule.js';
import type { Policy } from './policy.js';

export interface MergedPolicy {
  readonly policy: Policy;
  /** What was ignored from workspace policies because it would have loosened the user's own. */
  readonly warnings: readonly string[];
}

/**
 * Combines policies. User policies apply in order (a later mode replaces an
 * earlier one). Workspace policies are untrusted and can only tighten: their
 * `allow` rules and `allowHosts` are ignored (with a warning), their mode
 * becomes `maxMode` (the gate never runs looser), and their deny lists, protected paths, deny/ask rules and
 * taint guards are added.
 */
export function mergePolicies(policies: readonly Policy[]): MergedPolicy {
  const warnings: string[] = [];
  let userMode: GateMode | undefined;
  let workspaceMode: GateMode | undefined;
  const denyList: string[] = [];
  const protectedPaths: string[] = [];
  const rules: CompiledRule[] = [];
  const allowHosts: string[] = [];
  const guardTools: string[] = [];
  const taintTools: string[] = [];
  const sources: string[] = [];

  for (const policy of policies) {
    if (policy.source) sources.push(policy.source);
    const name = policy.source ?? 'workspace policy';
    if (policy.origin === 'user') {
      if (policy.mode) userMode = policy.mode;
      allowHosts.push(...policy.taint.allowHosts);
      rules.push(...policy.rules);
    } else {
      if (policy.mode) workspaceMode = workspaceMode ? stricterMode(workspaceMode, policy.mode) : policy.mode;
      if (policy.taint.allowHosts.length > 0) warnings.push(`${name}: taint.allowHosts ignored: a workspace policy cannot loosen the user's policy`);
      for (const rule of policy.rules) {
        if (rule.effect === 'allow') {
          warnings.push(`${rule.location ?? name}: rule ${JSON.stringify(rule.id)} ignored: a workspace policy cannot allow what the user's policy does not`);
        } else rules.push(rule);
      }
    }
    denyList.push(...policy.denyList);
    protectedPaths.push(...policy.protectedPaths);
    guardTools.push(...policy.taint.guardTools);
    taintTools.push(...policy.taint.taintTools);
  }

  if (workspaceMode && userMode && stricterMode(userMode, workspaceMode) !== workspaceMode) {
    warnings.push(`workspace mode ${workspaceMode} ignored: it is looser than the user's mode ${userMode}`);
  }

  const policy: Policy = {
    origin: 'user',
    ...(sources.length > 0 ? { source: sources.join(' + ') } : {}),
    ...(userMode ? { mode: userMode } : {}),
    ...(workspaceMode ? { maxMode: workspaceMode } : {}),
    denyList: unique(denyList),
    protectedPaths: unique(protectedPaths),
    rules,
    taint: { allowHosts: unique(allowHosts), guardTools: unique(guardTools), taintTools: unique(taintTools) },
  };
  return { policy, warnings };
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

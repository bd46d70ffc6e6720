import type { Decision, GateCall, GateContext } from '@warden/protocol';
import { pathArguments } from '../gate/path-arguments.js';
import type { PathPolicy } from '../paths/public.js';
import { globToRegExp, matchesAnyGlob } from '../policy/glob.js';
import type { ShellAnalysis } from '../shell/types.js';
import { shellEgress, urlHostAllowed } from './shell-egress.js';
import { shellWriteReason } from './shell-writes.js';
import { normalizedTouchedPaths } from './touched-paths.js';

/** The rule a decision carries when taint made it need a person. */
export const TAINT_RULE = 'taint.requires-person';

/** Tool names that send, publish or remember: egress or irreversible once a run is tainted. */
export const DEFAULT_GUARD_TOOLS: readonly string[] = [
  'send*', '*_send', '*_send_*', 'post_*', '*email*', '*mail', '*message*', '*slack*', '*discord*', '*sms*', '*webhook*',
  'remember', 'memory_*', '*_memory', 'publish*', '*_publish', 'deploy*', '*_deploy', 'git_push',
];

/** Tool names treated as open-world (their `url` must be on the allowlist) even without the annotation. */
export const DEFAULT_OPEN_WORLD_TOOLS: readonly string[] = ['http_*', 'fetch*', 'web_*', 'browse*', 'download*', 'mcp__*'];

/**
 * True when a decision asks for a real person: an automatic approver's yes does not count.
 * The protocol flag is the contract (core enforces it); the rule name covers decisions
 * stored before the flag existed.
 */
export function requiresPerson(decision: Pick<Decision, 'rule' | 'requiresPerson'>): boolean {
  return decision.requiresPerson === true || decision.rule === TAINT_RULE;
}

export interface TaintGuardSettings {
  allowHosts: readonly string[];
  guardTools: readonly string[];
  shellTools: readonly string[];
  paths: PathPolicy;
}

/** Compiled once per gate. */
export interface TaintGuard {
  /**
   * Why a tainted run needs a person for this call, or undefined. For a shell tool, `shell` is
   * the analyzer's analysis of its command; without one every shell call needs a person.
   */
  reasonFor(call: GateCall, ctx: GateContext, shell?: ShellAnalysis): string | undefined;
}

const URL_KEYS = /^(url|uri|href|endpoint|link|urls|webhook)$/i;

function urlArguments(args: GateCall['args']): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (!URL_KEYS.test(key)) continue;
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') out.push(v);
  }
  return out;
}

/** Builds the egress/irreversible check a tainted run goes through. */
export function taintGuard(settings: TaintGuardSettings): TaintGuard {
  const guardGlobs = [...DEFAULT_GUARD_TOOLS, ...settings.guardTools].map(globToRegExp);
  const openWorldGlobs = DEFAULT_OPEN_WORLD_TOOLS.map(globToRegExp);
  const shellTools = new Set(settings.shellTools);
  return {
    reasonFor(call, ctx, shell) {
      if (!ctx.tainted) return undefined;
      const annotations = call.annotations ?? {};
      if (shellTools.has(call.name)) {
        const command = call.args.command;
        if (typeof command !== 'string') return 'the shell command cannot be checked for egress';
        return shellEgress(command, settings.allowHosts)?.reason ?? shellWriteReason(shell, normalizedTouchedPaths(ctx.touchedPaths, settings.paths));
      }
      if (matchesAnyGlob(call.name, guardGlobs)) return `${call.name} sends, publishes or remembers (egress or irreversible)`;
      if (annotations.destructive === true) return `${call.name} is destructive (irreversible)`;
      if (annotations.openWorld === true || matchesAnyGlob(call.name, openWorldGlobs)) {
        const urls = urlArguments(call.args);
        if (urls.length === 0 || !urls.every((u) => urlHostAllowed(u, settings.allowHosts))) {
          return `${call.name} reaches the open world at a host not on the taint allowlist`;
        }
      }
      if (annotations.readOnly !== true) {
        const touched = normalizedTouchedPaths(ctx.touchedPaths, settings.paths);
        for (const { field, value } of pathArguments(call.args).paths) {
          const relative = settings.paths.inspect(value, { glob: false }).relative;
          if (relative === undefined || !touched.has(relative)) {
            return `${call.name} writes ${field} outside the files this run has already written`;
          }
        }
      }
      return undefined;
    },
  };
}

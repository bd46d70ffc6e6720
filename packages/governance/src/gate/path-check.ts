import type { Decision, GateCall } from '@warden/protocol';
import type { PathPolicy, ShellAnalysis } from '@warden/shell-policy';
import type { CallChange } from '../effects/call-changes.js';
import { pathArguments } from '@warden/protocol/policy';

/**
 * Refuses protected or outside paths in path-like arguments of any tool, in
 * every mode. The same path policy the shell analyzer uses, so every route to
 * the file system follows one rule. Returns a deny, or undefined.
 */
export function checkPathArguments(call: GateCall, paths: PathPolicy): Decision | undefined {
  const { paths: found, tooDeep } = pathArguments(call.args);
  if (tooDeep) return { effect: 'deny', rule: 'path.unchecked', reason: `${call.name}: the arguments are nested too deeply to check their paths`, params: { tool: call.name } };
  for (const { field, value } of found) {
    if (value.length === 0) continue;
    if (value.includes('\0')) return { effect: 'deny', rule: 'path.invalid', reason: `${call.name}: ${field} holds a NUL byte`, params: { tool: call.name, field } };
    const cls = paths.classify(value);
    if (cls === 'protected') {
      return { effect: 'deny', rule: 'path.protected', reason: `${call.name}: ${field} names a protected path (${value})`, params: { tool: call.name, field, path: value } };
    }
    if (cls === 'outside') {
      return { effect: 'deny', rule: 'path.outside', reason: `${call.name}: ${field} resolves outside the workspace (${value})`, params: { tool: call.name, field, path: value } };
    }
  }
  return undefined;
}

/**
 * The same refusal after resolving symlinks and `..` against the real file system: a path that is
 * inside as written but lands outside the workspace or on a protected path is refused, in every mode.
 */
export function checkResolvedPaths(call: GateCall, changes: readonly CallChange[], paths: PathPolicy): Decision | undefined {
  for (const { field, resolved } of changes) {
    if (resolved.where === 'outside' || resolved.relative === undefined) {
      return { effect: 'deny', rule: 'path.outside', reason: `${call.name}: ${field} resolves outside the workspace (${resolved.real})`, params: { tool: call.name, field, path: resolved.real } };
    }
    if (resolved.relative !== '' && paths.classify(resolved.relative) === 'protected') {
      return { effect: 'deny', rule: 'path.protected', reason: `${call.name}: ${field} resolves to a protected path (${resolved.relative})`, params: { tool: call.name, field, path: resolved.relative } };
    }
  }
  return undefined;
}

/** The files a shell command changes that the analysis names (for the change set). */
export function shellEffectPaths(shell: ShellAnalysis): { effectPaths?: string[] } {
  const named = shell.writes.flatMap((w) => (w.path !== undefined && w.outside !== true ? [w.path] : []));
  return named.length > 0 ? { effectPaths: [...new Set(named)] } : {};
}

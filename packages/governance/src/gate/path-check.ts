import type { Decision, GateCall } from '@warden/protocol';
import type { PathPolicy } from '@warden/shell-policy';
import { pathArguments } from '@warden/protocol';

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

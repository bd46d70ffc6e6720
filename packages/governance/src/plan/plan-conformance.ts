import { canonicalJson } from '@warden/protocol/policy';
import type { GateCall, JsonValue, PlanStep } from '@warden/protocol';
import { SENSITIVE_ARGUMENTS, isWholeRef, refsIn, templatePattern } from './plan-refs.js';

function valueConforms(planned: JsonValue, actual: JsonValue, sensitive: boolean): boolean {
  if (typeof planned === 'string' && refsIn(planned).length > 0) {
    if (sensitive) return false;
    if (isWholeRef(planned)) return true;
    return typeof actual === 'string' && templatePattern(planned).test(actual);
  }
  if (Array.isArray(planned)) return Array.isArray(actual) && actual.length === planned.length && planned.every((p, i) => valueConforms(p, actual[i]!, sensitive));
  if (planned !== null && typeof planned === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(planned);
    if (keys.length !== Object.keys(actual).length) return false;
    return keys.every((k) => Object.hasOwn(actual, k) && valueConforms(planned[k]!, actual[k]!, sensitive));
  }
  return canonicalJson(planned) === canonicalJson(actual);
}

/**
 * The plan step a call conforms to, if any. A call conforms to a step when: it names the step's
 * tool; it passes exactly the step's parameter names; every literal value is equal (as canonical
 * JSON); a value that is one `{{ref}}` accepts any value, and a string with references in it
 * accepts a string with the same literal text around them — except in sensitive arguments (paths,
 * commands, hosts, recipients), which must be literal and equal. Untrusted data can fill values;
 * it cannot add a step, pick another tool, or choose where an effect lands.
 */
export function conformingStep(call: Pick<GateCall, 'name' | 'args'>, steps: readonly PlanStep[], sensitiveArguments: readonly string[] = SENSITIVE_ARGUMENTS): PlanStep | undefined {
  const sensitive = new Set(sensitiveArguments);
  return steps.find((step) => {
    if (step.tool !== call.name) return false;
    const keys = Object.keys(step.parameters);
    if (keys.length !== Object.keys(call.args).length) return false;
    return keys.every((k) => Object.hasOwn(call.args, k) && valueConforms(step.parameters[k]!, call.args[k]!, sensitive.has(k)));
  });
}

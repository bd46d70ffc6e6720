import { policyError } from '../util/coded-errors.js';
import { PolicyError, type GateCall } from '@warden/protocol';
import type { DecisionEffect } from '@warden/protocol';
import { conditionEnv, matchRule, type CompiledRule } from './compiled-rule.js';
import type { PolicyExample } from './policy-schema.js';

/** Finds the `file:line` of a field path, when the policy came from a file. */
export type Locate = (path: ReadonlyArray<string | number>) => string | undefined;

const EFFECTS: readonly DecisionEffect[] = ['deny', 'ask', 'allow'];

/**
 * Checks a rule's examples: those under the rule's own effect must match it,
 * those under another effect must not. A condition that cannot be evaluated
 * on an example is a failure too, so a policy file really tests itself.
 * Throws `policy.example_failed` naming the first failing example.
 */
export function checkRuleExamples(rule: CompiledRule, rulePath: ReadonlyArray<string | number>, locate?: Locate): void {
  if (!rule.examples) return;
  for (const effect of EFFECTS) {
    const examples = rule.examples[effect] ?? [];
    examples.forEach((example, index) => {
      const path = [...rulePath, 'examples', effect, index];
      const where = locate?.(path);
      const label = `${where ? `${where}: ` : ''}rule ${JSON.stringify(rule.id)} example ${effect}[${index}]`;
      const call = exampleCall(rule, example, label);
      const match = matchRule(rule, call, conditionEnv(call, { tainted: example.tainted ?? false, mode: example.mode ?? 'safe' }));
      const shown = JSON.stringify({ tool: call.name, args: call.args });
      if (match.error !== undefined) {
        throw failure(`${label} ${shown}: the condition could not be evaluated (${match.error})`);
      }
      const shouldMatch = effect === rule.effect;
      if (match.matched !== shouldMatch) {
        const expectation = shouldMatch
          ? `should be matched by the rule (effect ${rule.effect}) but is not`
          : `is listed under ${effect} but the rule (effect ${rule.effect}) matches it`;
        throw failure(`${label} ${shown} ${expectation}`);
      }
    });
  }
}

function exampleCall(rule: CompiledRule, example: PolicyExample, label: string): GateCall {
  let name = example.tool;
  if (name === undefined) {
    const only = rule.tools.length === 1 ? rule.tools[0] : undefined;
    if (only === undefined || /[*?]/.test(only)) {
      throw policyError({
        code: 'policy.invalid',
        message: `${label} needs a "tool": the rule does not name exactly one tool`,
        hint: 'Add tool: <name> to the example.',
      });
    }
    name = only;
  }
  return { id: 'policy-example', name, args: example.args ?? {}, ...(example.annotations ? { annotations: example.annotations } : {}) };
}

function failure(message: string): PolicyError {
  return policyError({
    code: 'policy.example_failed',
    message,
    hint: 'Fix the rule or the example; a policy whose examples do not hold is not loaded.',
  });
}

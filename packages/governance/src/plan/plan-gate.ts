import type { Decision, GateCall, GateContext, GateV1 } from '@warden/protocol';
import { SENSITIVE_ARGUMENTS } from './plan-refs.js';
import { conformingStep } from './plan-conformance.js';

/** The rule a decision carries when the run's plan covered the call. */
export const PLAN_RULE = 'plan.conforms';

/**
 * Plan-first control-flow integrity over another gate. When the run's scope holds a plan that
 * covers calls (`RunScope.plan`, status `approved`, `automatic` or `accepted`) and the inner gate
 * asks about a call that conforms to one of its steps (`conformingStep`), the answer is `allow`
 * with rule `plan.conforms` — the plan was written from the task alone and approved once, so the
 * call is not asked about again. Everything else is the inner gate's answer unchanged: a deny stays
 * a deny (the deny list, protected paths), an allow stays an allow, and a call outside the plan
 * follows the normal rules. An `automatic` plan (an automatic approver's yes) covers only asks
 * that do not need a person.
 */
export function planGate<G extends GateV1>(inner: G, options: { sensitiveArguments?: readonly string[] } = {}): G {
  const sensitive = options.sensitiveArguments ?? SENSITIVE_ARGUMENTS;
  const decide = async (call: GateCall, ctx: GateContext): Promise<Decision> => {
    const decision = await inner.decide(call, ctx);
    const held = ctx.scope?.plan;
    if (decision.effect !== 'ask' || !held) return decision;
    if (held.status !== 'approved' && held.status !== 'accepted' && held.status !== 'automatic') return decision;
    if (held.status === 'automatic' && decision.requiresPerson === true) return decision;
    const step = conformingStep(call, held.plan.steps, sensitive);
    if (!step) return decision;
    const who = held.status === 'approved' ? `approved once${held.by ? ` by ${held.by}` : ''}` : held.status === 'automatic' ? 'approved automatically' : 'accepted by the mode';
    return {
      effect: 'allow',
      reason: `conforms to step '${step.id}' of the plan (${who}); without the plan: ${decision.reason}`,
      rule: PLAN_RULE,
      params: { step: step.id, status: held.status, by: held.by ?? '', baseRule: decision.rule },
      provenance: { ...decision.provenance, scopeEntry: `plan:${step.id}` },
    };
  };
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'decide') return decide;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

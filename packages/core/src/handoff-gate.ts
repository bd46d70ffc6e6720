import { stricterEffect } from '@warden/protocol/policy';
import type { Decision, GateV1 } from '@warden/protocol';
import { isThenable } from './is-thenable.js';


/** The stricter of two decisions (deny > ask > allow; a tie keeps the first). Needing a person is never dropped. */
export function stricterDecision(first: Decision, second: Decision): Decision {
  const effect = stricterEffect(first.effect, second.effect);
  const chosen = first.effect === effect ? first : second;
  const requiresPerson = effect === 'ask' && (first.requiresPerson === true || second.requiresPerson === true);
  return requiresPerson && chosen.requiresPerson !== true ? { ...chosen, requiresPerson: true } : chosen;
}

/**
 * A receiving agent's gate: the originating agent's gate decides every call, and the agent's own
 * gate can only make the answer stricter. So a handoff can narrow permissions, never widen them.
 */
export function intersectGates(outer: GateV1, inner: GateV1): GateV1 {
  return {
    specificationVersion: 'v1',
    decide(call, ctx) {
      const a = outer.decide(call, ctx);
      const b = inner.decide(call, ctx);
      if (!isThenable(a) && !isThenable(b)) return stricterDecision(a, b);
      return Promise.all([a, b]).then(([x, y]) => stricterDecision(x, y));
    },
  };
}

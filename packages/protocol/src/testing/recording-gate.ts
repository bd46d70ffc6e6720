import type { Decision, DecisionEffect, GateCall, GateContext, GateV1 } from '../decision.js';

export interface RecordedDecision {
  call: GateCall;
  ctx: GateContext;
  decision: Decision;
}

export interface RecordingGate extends GateV1 {
  readonly decisions: RecordedDecision[];
}

export type GateRule = (call: GateCall, ctx: GateContext) => Decision | DecisionEffect | Promise<Decision | DecisionEffect>;

/**
 * A gate that records every decision. With no rule it allows everything
 * (rule `recording-gate.allow`); a rule may return an effect or a full decision.
 */
export function recordingGate(rule?: GateRule | Record<string, DecisionEffect>): RecordingGate {
  const decisions: RecordedDecision[] = [];
  return {
    specificationVersion: 'v1',
    decisions,
    async decide(call, ctx) {
      let answer: Decision | DecisionEffect;
      if (!rule) answer = 'allow';
      else if (typeof rule === 'function') answer = await rule(call, ctx);
      else answer = rule[call.name] ?? rule['*'] ?? 'allow';
      const decision: Decision =
        typeof answer === 'string' ? { effect: answer, reason: `recording gate said ${answer}`, rule: `recording-gate.${answer}` } : answer;
      decisions.push({ call: structuredClone(call), ctx: { ...ctx }, decision });
      return decision;
    },
  };
}

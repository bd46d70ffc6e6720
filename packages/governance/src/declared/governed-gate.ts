import { stricterEffect } from '@warden/protocol/policy';
import type { Decision, GateV1 } from '@warden/protocol';
import { decideTool } from './decide.js';
import type { DecisionSink } from './decision-record.js';
import type { EffectiveGovernance } from './effective-governance.js';

/**
 * The gate with the declared governance on top: the stricter of the two decisions wins. A
 * `require_approval` verdict becomes an `ask` that only people may answer, carrying how many
 * distinct approvers (`params.approvers`, for `quorumApprover`) and the timeout. Every verdict
 * is recorded with the policy version; under `mode: monitor` it is recorded and not applied.
 */
export function governedGate(inner: GateV1, governance: EffectiveGovernance, options: { onDecision?: DecisionSink } = {}): GateV1 {
  return {
    specificationVersion: 'v1',
    async decide(call, ctx) {
      const base = await inner.decide(call, ctx);
      const verdict = decideTool(governance, call, { tainted: ctx.tainted });
      const enforced = governance.mode === 'enforce';
      options.onDecision?.({
        subject: 'tool',
        effect: verdict.effect,
        enforced,
        rules: verdict.rules,
        policyVersion: verdict.policyVersion,
        runId: ctx.runId,
        detail: { tool: call.name, gate: base.effect, ...(verdict.effect === 'require_approval' ? { approvers: verdict.approvers } : {}) },
      });
      if (!enforced || verdict.effect === 'allow') return base;
      const rule = `governance.${verdict.rules[0] ?? 'policy'}`;
      const reason = verdict.reason ?? `governance rule ${verdict.rules[0] ?? ''}`.trim();
      const ours: Decision =
        verdict.effect === 'require_approval'
          ? { effect: 'ask', reason, rule, requiresPerson: true, params: { approvers: verdict.approvers, timeoutMs: verdict.timeoutMs ?? 0, policyVersion: verdict.policyVersion } }
          : { effect: verdict.effect, reason, rule, params: { policyVersion: verdict.policyVersion } };
      if (stricterEffect(base.effect, ours.effect) === base.effect && base.effect !== ours.effect) return base;
      // Same effect: ours carries the approvers and the person requirement, so it is the stricter one.
      return base.requiresPerson === true ? { ...ours, requiresPerson: true } : ours;
    },
  };
}

import { approvalDigest } from '@warden/protocol/policy';
import type { ApprovalRequest, ApproverV1, GateMode, JsonObject } from '@warden/protocol';
import { asProtocolPlan, type OrchestratorPlan } from './plan.js';
import type { PlanApprovalStatus } from './job-state.js';

/** The tool name an orchestrator plan is approved under (the approver sees the plan as its arguments). */
export const ORCHESTRATOR_PLAN_TOOL = 'orchestrator_plan';
/** The rule named in the one approval request a job makes. */
export const ORCHESTRATOR_PLAN_RULE = 'orchestrator.plan_approve';

/**
 * The plan is approved like a plan-first plan: in `yolo` it is `accepted` without asking; otherwise
 * the approver is asked once for the whole plan — a person's yes makes it `approved`, an automatic
 * yes `automatic`, anything else (no approver, no, an error, an answer for another plan) `unapproved`.
 */
export async function approvePlan(plan: OrchestratorPlan, mode: GateMode, approver: ApproverV1 | undefined, signal?: AbortSignal): Promise<{ status: PlanApprovalStatus; digest: string; by?: string }> {
  const args = { goal: plan.goal, acceptance: plan.acceptance, plan: asProtocolPlan(plan.tasks), estimate: plan.estimate } as unknown as JsonObject;
  const digest = approvalDigest({ name: ORCHESTRATOR_PLAN_TOOL, args });
  if (mode === 'yolo') return { status: 'accepted', digest };
  if (!approver) return { status: 'unapproved', digest };
  const tasks = plan.tasks.map((t) => `${t.id}${t.dependsOn.length ? ` (after ${t.dependsOn.join(', ')})` : ''}`).join(', ');
  const request: ApprovalRequest = {
    id: `orchestrator-plan-${digest.slice(-16)}`,
    runId: 'orchestrator',
    step: 0,
    call: { id: 'plan', name: ORCHESTRATOR_PLAN_TOOL, args },
    decision: {
      effect: 'ask',
      rule: ORCHESTRATOR_PLAN_RULE,
      reason: `orchestrator: approve this plan once (${plan.tasks.length} tasks: ${tasks}; estimate $${plan.estimate.estimateUsd.toFixed(2)}, ${plan.estimate.parallelism} at once)`,
    },
    createdAt: new Date().toISOString(),
    digest,
  };
  try {
    const answer = await approver.approve(request, { signal: signal ?? new AbortController().signal });
    if (answer.outcome !== 'approved' || (answer.digest !== undefined && answer.digest !== digest)) return { status: 'unapproved', digest };
    const automatic = answer.automatic === true || approver.kind === 'automatic';
    return { status: automatic ? 'automatic' : 'approved', digest, ...(answer.by ? { by: answer.by } : {}) };
  } catch {
    return { status: 'unapproved', digest };
  }
}

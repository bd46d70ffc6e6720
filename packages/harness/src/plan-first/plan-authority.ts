import { lintPlan } from '@warden/governance';
import { approvalDigest } from '@warden/protocol/policy';
import { toolSpecOf, type ApprovalRequest, type ApproverV1, type GateMode, type JsonObject, type JsonValue, type Plan, type ScopePlan, type ToolV1 } from '@warden/protocol';
import { SUBMIT_PLAN_TOOL } from './request-plan.js';

/** The rule named in the one approval request a plan-first run makes. */
export const PLAN_APPROVAL_RULE = 'plan.approve';

export interface PlanAuthorityInput {
  plan: Plan;
  tools: readonly ToolV1[];
  mode: GateMode;
  approver?: ApproverV1;
  /** The harness's redactor: a plan holding a secret value is refused (E004). */
  redact: (text: string) => string;
  signal?: AbortSignal;
  now?: () => Date;
}

function redactValue(value: JsonValue, redact: (text: string) => string): JsonValue {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, redact));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v, redact)]));
  return value;
}

function redactedPlan(plan: Plan, redact: (text: string) => string): Plan {
  return { steps: plan.steps.map((step) => ({ ...step, parameters: redactValue(step.parameters, redact) as JsonObject })) };
}

function approvalRequest(plan: Plan, digest: string, at: Date): ApprovalRequest {
  const steps = plan.steps.map((s) => `${s.id}: ${s.tool}`).join(', ');
  return {
    id: `plan-${digest.slice(-16)}`,
    runId: 'plan',
    step: 0,
    call: { id: 'plan', name: SUBMIT_PLAN_TOOL, args: plan },
    decision: { effect: 'ask', rule: PLAN_APPROVAL_RULE, reason: `plan-first: approve this plan once (${plan.steps.length} steps: ${steps}); calls that conform to it will not be asked about again, anything else follows the normal rules` },
    createdAt: at.toISOString(),
    digest,
  };
}

/**
 * Lints the plan against the run's tools and turns it into the authority the gate reads
 * (`RunScope.plan`): `refused` when the linter found an error (nothing is asked); in `yolo`,
 * `accepted` without asking; otherwise one approval request for the whole plan — a person's yes
 * makes it `approved`, an automatic yes `automatic` (it never stands in for a person), anything
 * else (no approver, no, an error, an answer for another plan) `unapproved`.
 */
export async function planAuthority(input: PlanAuthorityInput): Promise<ScopePlan> {
  const digest = approvalDigest({ name: SUBMIT_PLAN_TOOL, args: input.plan });
  const lint = lintPlan(input.plan, input.tools.map(toolSpecOf), { redact: input.redact });
  const base = { plan: input.plan, digest, issues: lint.issues };
  // A refused plan is still recorded (event, session, audit) — with its secrets redacted.
  if (!lint.valid) return { ...base, plan: redactedPlan(input.plan, input.redact), status: 'refused' };
  if (input.mode === 'yolo') return { ...base, status: 'accepted' };
  if (!input.approver) return { ...base, status: 'unapproved' };
  try {
    const answer = await input.approver.approve(approvalRequest(input.plan, digest, (input.now ?? (() => new Date()))()), { signal: input.signal ?? new AbortController().signal });
    if (answer.outcome !== 'approved' || (answer.digest !== undefined && answer.digest !== digest)) return { ...base, status: 'unapproved' };
    const automatic = answer.automatic === true || input.approver.kind === 'automatic';
    return { ...base, status: automatic ? 'automatic' : 'approved', ...(answer.by ? { by: answer.by } : {}) };
  } catch {
    return { ...base, status: 'unapproved' };
  }
}

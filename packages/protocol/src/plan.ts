import { z } from 'zod';
import { JsonObject } from './json.js';

/**
 * One step of an agent's execution plan, in Argentum's plan format: the step's `id`, the `tool` it
 * calls, the `parameters` it passes (a value may be or contain `{{ref}}` — an output of an earlier
 * step, by name or as `{{stepId.output}}`), the `outputs` it names for later steps and the steps it
 * `depends_on`. `depends_on` keeps Argentum's spelling so a plan written for either reads the same.
 */
export const PlanStep = z.object({
  id: z.string().min(1),
  tool: z.string().min(1),
  parameters: JsonObject,
  outputs: z.array(z.string().min(1)).optional(),
  depends_on: z.array(z.string().min(1)).optional(),
  /** What the step is for, in the model's words (shown to the person approving the plan). */
  description: z.string().optional(),
});
export type PlanStep = z.infer<typeof PlanStep>;

/** An execution plan: the steps a run means to take, written before it reads anything untrusted. */
export const Plan = z.object({ steps: z.array(PlanStep) });
export type Plan = z.infer<typeof Plan>;

/** One finding of the plan linter: a stable `code` (`E001`…, `W001`…), where it is (`step2.parameters.query`) and why. */
export const PlanIssue = z.object({
  code: z.string().regex(/^[EW]\d{3}$/),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  location: z.string(),
});
export type PlanIssue = z.infer<typeof PlanIssue>;

/**
 * A plan as a run's authority holds it (`RunScope.plan`): the plan, its `approvalDigest`, what the
 * linter found, and its status. `approved`: a person approved it once (safe mode); `automatic`: an
 * automatic approver said yes (it covers calls the mode asks about, never ones that need a person);
 * `accepted`: the mode needs no approval (yolo); `unapproved`: nobody approved it; `refused`: the
 * linter found errors (secrets, unknown tools, bad references). Only `approved`, `automatic` and
 * `accepted` plans cover calls.
 */
export const ScopePlan = z.object({
  plan: Plan,
  digest: z.string().min(1),
  status: z.enum(['approved', 'automatic', 'accepted', 'unapproved', 'refused']),
  issues: z.array(PlanIssue),
  /** Who approved it (an approver's `by`). */
  by: z.string().optional(),
});
export type ScopePlan = z.infer<typeof ScopePlan>;

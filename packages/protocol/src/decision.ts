import { z } from 'zod';
import { JsonObject } from './json.js';
import { ToolAnnotations } from './tool-spec.js';
import type { SpecificationVersion } from './version.js';

export const DecisionEffect = z.enum(['allow', 'deny', 'ask']);
export type DecisionEffect = z.infer<typeof DecisionEffect>;

/**
 * A gate's answer. `rule` names what decided it, so every decision can be
 * explained. `requiresPerson` (with `ask`) says only a real person may approve:
 * the loop denies the call rather than take an `automatic` approver's yes.
 */
export const Decision = z.object({
  effect: DecisionEffect,
  reason: z.string(),
  rule: z.string().min(1),
  requiresPerson: z.boolean().optional(),
});
export type Decision = z.infer<typeof Decision>;

/** The call a gate judges. */
export const GateCall = z.object({
  id: z.string(),
  name: z.string(),
  args: JsonObject,
  annotations: ToolAnnotations.optional(),
});
export type GateCall = z.infer<typeof GateCall>;

export interface GateContext {
  runId: string;
  sessionId?: string;
  step: number;
  userId?: string;
  tenantId?: string;
  /** True once the run has read untrusted content (see governance's taint rules). */
  tainted: boolean;
  /** Workspace-relative paths this run has written so far. */
  touchedPaths?: ReadonlySet<string>;
}

export interface GateV1 {
  readonly specificationVersion: SpecificationVersion;
  decide(call: GateCall, ctx: GateContext): Decision | Promise<Decision>;
}

export type Gate = GateV1;

import { z } from 'zod';
import { JsonObject } from './json.js';
import { ToolAnnotations } from './tool-spec.js';
import type { RunScope, TaintSource } from './scope.js';
import type { INTERFACE_VERSIONS } from './version.js';

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
  /**
   * The values `reason` was written from (a path, a tool name, a command), keyed by name, so a
   * front end can say the same thing in another language from `rule` and these. `reason` stays English.
   */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requiresPerson: z.boolean().optional(),
  provenance: z
    .object({
      /** The untrusted source that made this call need more than the mode (`tool:read_file`, `memory:WARDEN.md`). */
      taintSource: z.string().optional(),
      /** What that source read, in words. */
      taintReason: z.string().optional(),
      /** The scope entry that allowed the call (`task:README.md`, `created:notes.md`, `config:src/**`). */
      scopeEntry: z.string().optional(),
      /** Whether the command runs inside the OS sandbox. */
      sandboxed: z.boolean().optional(),
      /** The most severe effect class of what the call changes (one of `EFFECT_CLASSES`). */
      effectClass: z.string().optional(),
      /** The workspace-relative files the call changes, resolved (symlinks and `..`), for the change set. */
      effectPaths: z.array(z.string()).optional(),
    })
    .optional(),
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
  /** Which untrusted sources tainted the run, first first (for the decision's provenance). */
  taintSources?: readonly TaintSource[];
  /** Path arguments of this run's successful mutating calls (as the model named them). */
  touchedPaths?: ReadonlySet<string>;
  /** What the user's task and configuration authorize (absent: nothing beyond what the run wrote). */
  scope?: RunScope;
}

export interface GateV1 {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['gate'];
  decide(call: GateCall, ctx: GateContext): Decision | Promise<Decision>;
}

/** Short name for `GateV1`, following the newest version; code that must not move across majors names `GateV1`. */
export type Gate = GateV1;

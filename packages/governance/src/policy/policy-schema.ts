import { DecisionEffect, JsonObject } from '@warden/protocol/schemas';
import { z } from 'zod';
import { GateMode } from '@warden/protocol/schemas';

/** A call written in a policy example. `tool` may be left out when the rule names exactly one tool. */
export const PolicyExample = z.strictObject({
  tool: z.string().min(1).optional(),
  args: JsonObject.optional(),
  annotations: z
    .strictObject({
      readOnly: z.boolean().optional(),
      mutating: z.boolean().optional(),
      destructive: z.boolean().optional(),
      openWorld: z.boolean().optional(),
      tags: z.array(z.string()).optional(),
    })
    .optional(),
  tainted: z.boolean().optional(),
  mode: GateMode.optional(),
});
export type PolicyExample = z.infer<typeof PolicyExample>;

/** One rule of a policy file. */
export const PolicyRuleInput = z.strictObject({
  /** Names the rule in every decision it makes (`policy.<id>`). */
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'an id is 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit'),
  description: z.string().optional(),
  /** Tool name glob(s): `*` any run of characters, `?` one character. Default: every tool. */
  tool: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  /** The call's annotation tags must include every one of these. */
  tags: z.array(z.string().min(1)).optional(),
  /** Each listed annotation must have this value (a missing annotation counts as false). */
  annotations: z
    .strictObject({
      readOnly: z.boolean().optional(),
      mutating: z.boolean().optional(),
      destructive: z.boolean().optional(),
      openWorld: z.boolean().optional(),
    })
    .optional(),
  /** A condition of the policy language, e.g. `args.command matches "^terraform apply"`. */
  when: z.string().min(1).optional(),
  effect: DecisionEffect,
  /** Shown to the model and the approver. */
  reason: z.string().optional(),
  /** Calls this rule must match (under the key of its own effect) or must not match (under the other keys). */
  examples: z
    .strictObject({
      allow: z.array(PolicyExample).optional(),
      ask: z.array(PolicyExample).optional(),
      deny: z.array(PolicyExample).optional(),
    })
    .optional(),
});
export type PolicyRuleInput = z.infer<typeof PolicyRuleInput>;

/** What marks a run tainted, and what a tainted run may no longer do without a person. */
export const TaintSettingsInput = z.strictObject({
  /** Hosts a tainted run may still reach without a person (`example.com` also covers its subdomains). */
  allowHosts: z.array(z.string().min(1)).optional(),
  /** Extra tool-name globs that count as egress or irreversible once tainted. */
  guardTools: z.array(z.string().min(1)).optional(),
  /** Extra tool-name globs whose output taints the run. */
  taintTools: z.array(z.string().min(1)).optional(),
});
export type TaintSettingsInput = z.infer<typeof TaintSettingsInput>;

/** A policy file (JSON or YAML). Unknown keys are errors that name the key. */
export const PolicyFile = z.strictObject({
  version: z.literal(1).optional(),
  mode: GateMode.optional(),
  /** Tool-name globs denied in every mode. */
  denyList: z.array(z.string().min(1)).optional(),
  /** Extra protected paths (workspace-relative), on top of `.env`, `.env.*`, `.git`, `.warden`. */
  protectedPaths: z.array(z.string().min(1)).optional(),
  rules: z.array(PolicyRuleInput).optional(),
  taint: TaintSettingsInput.optional(),
});
export type PolicyFile = z.infer<typeof PolicyFile>;

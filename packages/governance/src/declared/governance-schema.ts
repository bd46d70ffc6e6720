import { z } from 'zod';

const Id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'an id is 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const Duration = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d))+$/, 'a duration such as 30m, 24h or 2d');

export const TOOL_EFFECTS = ['allow', 'ask', 'require_approval', 'deny'] as const;
export const DATA_EFFECTS = ['allow', 'pseudonymise', 'redact', 'deny'] as const;
export const MODEL_EFFECTS = ['allow', 'deny'] as const;

/**
 * One rule. `on: tool` matches tool names (globs) and may need approvals; `on: data` matches a
 * data class and says what happens to it before a model call; `on: model` matches
 * `provider:model` (globs) and may forbid a backend. `when` is the policy language.
 */
export const GovernanceRule = z
  .strictObject({
    id: Id,
    description: z.string().optional(),
    on: z.enum(['tool', 'data', 'model']),
    match: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
    when: z.string().min(1).optional(),
    effect: z.enum(['allow', 'ask', 'require_approval', 'deny', 'pseudonymise', 'redact']),
    /** Distinct people who must approve (require_approval only; default 1). */
    approvers: z.number().int().min(1).max(10).optional(),
    /** How long the approvers have; no quorum by then is a no (require_approval only; default 24h). */
    timeout: Duration.optional(),
    reason: z.string().optional(),
  })
  .superRefine((rule, ctx) => {
    const allowed: readonly string[] = rule.on === 'tool' ? TOOL_EFFECTS : rule.on === 'data' ? DATA_EFFECTS : MODEL_EFFECTS;
    if (!allowed.includes(rule.effect)) ctx.addIssue({ code: 'custom', path: ['effect'], message: `a rule on ${rule.on} may have effect ${allowed.join(', ')}, not ${rule.effect}` });
    if (rule.effect !== 'require_approval' && (rule.approvers !== undefined || rule.timeout !== undefined))
      ctx.addIssue({ code: 'custom', path: [rule.approvers !== undefined ? 'approvers' : 'timeout'], message: 'approvers and timeout belong to effect require_approval' });
    if (rule.on === 'data' && rule.match === undefined) ctx.addIssue({ code: 'custom', path: ['match'], message: 'a rule on data names the data classes it matches' });
  });
export type GovernanceRule = z.infer<typeof GovernanceRule>;

/** Purposes and rules: a governance file's own, or a pack's contribution. */
export const GovernancePolicy = z.strictObject({
  /** Purpose → the data classes it allows to reach a model. A purpose not listed allows none. */
  purposes: z.record(Id, z.array(z.string().min(1))).optional(),
  rules: z.array(GovernanceRule).optional(),
});
export type GovernancePolicy = z.infer<typeof GovernancePolicy>;

/** `governance.yaml` (or `.json`). Unknown keys are errors that name the key and its line. */
export const GovernanceFile = z.strictObject({
  version: z.literal(1).optional(),
  /** `monitor` records every decision without enforcing it. Default `enforce`. */
  mode: z.enum(['enforce', 'monitor']).optional(),
  /** Built-in pack names (`gdpr`, …) or paths of pack files. */
  packs: z.array(z.string().min(1)).optional(),
  /** The region this deployment runs in (where a self-hosted or loopback endpoint counts as). */
  home: z.string().min(1).optional(),
  /** Region of endpoints that do not say: host or provider id → region. */
  regions: z.record(z.string().min(1), z.string().min(1)).optional(),
  /** Data subject jurisdiction → region globs a model call about them may go to. */
  residency: z.record(z.string().min(1), z.array(z.string().min(1)).min(1)).optional(),
  /** The environment variable holding the Ed25519 private key (PEM) that signs decisions. */
  signing_key_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name such as WARDEN_SIGNING_KEY').optional(),
  policy: GovernancePolicy.optional(),
  /** What happens to a tool whose schema changed since it was pinned: `warn` (default) or `deny` (refused, `policy.tool_drift`). */
  toolDrift: z.enum(['warn', 'deny']).optional(),
  /** Domains (or purposes) no agent may be built for, e.g. `social_scoring`: building one is refused (`policy.prohibited_use`). */
  prohibited: z.array(Id).optional(),
  /** A webhook told when an approval parks (POSTed through the governed egress, signed with the secret `secret_env` names, retried). */
  approval_notify: z
    .strictObject({
      url: z.string().url(),
      secret_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, 'an environment variable name such as WARDEN_NOTIFY_SECRET').optional(),
      retries: z.number().int().min(0).max(10).optional(),
    })
    .optional(),
});
export type GovernanceFile = z.infer<typeof GovernanceFile>;

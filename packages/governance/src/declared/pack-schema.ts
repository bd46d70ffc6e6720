import { z } from 'zod';
import { GovernancePolicy } from './governance-schema.js';

/**
 * What a report can check by itself. Config checks read the effective governance; trail checks
 * read a real audit trail; `manual` is a procedure only a person can attest.
 */
export const EVIDENCE_CHECKS = {
  purposes_declared: 'config: at least one purpose with its allowed data classes',
  special_categories_protected: 'config: no purpose lets a special category reach a model untreated',
  approval_rules: 'config: at least one rule asks a person or requires approval',
  quorum_approvals: 'config: a require_approval rule needs two or more distinct approvers',
  residency_declared: 'config: allowed regions per data-subject jurisdiction',
  decision_signing: 'config: an Ed25519 signing key is named (signing_key_env)',
  enforce_mode: 'config: mode is enforce, not monitor',
  trail_verifies: 'trail: the audit trail verifies (hash chain, signatures with a key)',
  decisions_recorded: 'trail: tool decisions are recorded',
  policy_version_recorded: 'trail: governance decisions name the policy version',
  decisions_signed: 'trail: entries carry Ed25519 signatures',
  data_treatment_recorded: 'trail: data treated before model calls is recorded (classes, not values)',
  approvals_recorded: 'trail: approvals and their approvers are recorded',
  untrusted_content_recorded: 'trail: untrusted content (taint) is recorded',
  manual: 'a procedure a person must attest (not checkable by Warden)',
} as const;
export type EvidenceCheck = keyof typeof EVIDENCE_CHECKS;

const Check = z.enum(Object.keys(EVIDENCE_CHECKS) as [EvidenceCheck, ...EvidenceCheck[]]);
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

export const PackControl = z.strictObject({
  id: z.string().min(1),
  text: z.string().min(1),
  evidence: Check,
  /** What to do when the evidence is missing. */
  action: z.string().min(1),
});

export const PackRequirement = z.strictObject({
  id: z.string().min(1),
  title: z.string().min(1),
  /** Article, clause or item of the source. */
  cite: z.string().min(1),
  controls: z.array(PackControl).min(1),
});
export type PackRequirement = z.infer<typeof PackRequirement>;

/** A pack: a dated, sourced data file mapping a law or framework to controls and their evidence. */
export const GovernancePack = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  /** Date of the text the pack follows, and where it is published. */
  published: IsoDate,
  source: z.string().url(),
  /** When the pack was last checked against the source. */
  reviewed: IsoDate,
  notice: z.string().min(1),
  requirements: z.array(PackRequirement).min(1),
  /** What the pack adds to the policy; combining only ever tightens. */
  policy: GovernancePolicy.optional(),
});
export type GovernancePack = z.infer<typeof GovernancePack>;

import { z } from 'zod';

// `warden governance`'s options: the command parses them, the actions read them (no command↔action import cycle).
export const governanceOptions = z.strictObject({
  governance: z.string().min(1).optional(),
  pack: z.string().min(1).optional(),
  trail: z.string().min(1).optional(),
  publicKey: z.string().min(1).optional(),
  keyEnv: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  /** `verify`: the result file a provenance manifest is checked against. */
  result: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
  /** `dsar`: the per-subject key directory (default WORKDIR/.warden/subject-keys). */
  keys: z.string().min(1).optional(),
  /** `dsar erase`: the Ed25519 private key (PEM file) that signs the receipt and the erasure's trail entry. */
  signingKey: z.string().min(1).optional(),
  /** `dsar`: the session store (default: the config's, else WORKDIR/.warden/sessions). */
  sessions: z.string().min(1).optional(),
  /** `dsar`: the subject's tenant (sessions they own in it; the knowledge tenant). */
  tenant: z.string().min(1).optional(),
  /** `dsar`: a knowledge store URL whose entries tagged `subject: SUBJECT` are theirs. */
  knowledge: z.string().min(1).optional(),
  namespace: z.string().min(1).optional(),
});
export type GovernanceOptions = z.infer<typeof governanceOptions> & { json?: boolean };

import { z } from 'zod';

/** What a target's call must return. Strict: any other key is rejected. */
export const ProbeCallResult = z
  .object({
    output: z.string(),
    error: z.string().nullable().optional(),
    run_log: z.unknown().optional(),
    evidence: z.unknown().optional(),
  })
  .strict();
export type ProbeCallResult = z.infer<typeof ProbeCallResult>;

/**
 * A cleanup report: `complete`, `done` (how many records were finished), `open`,
 * `stop_reason`, `leftover` and optional `aborts`. Strict. Open records or leftovers
 * (or `complete: false`) after final cleanup are an error.
 */
export const CleanupReport = z
  .object({
    complete: z.boolean(),
    done: z.number().int().nonnegative(),
    open: z.array(z.unknown()),
    stop_reason: z.string().nullable(),
    leftover: z.array(z.unknown()),
    aborts: z.union([z.array(z.unknown()), z.number().int().nonnegative()]).optional(),
  })
  .strict();
export type CleanupReport = z.infer<typeof CleanupReport>;

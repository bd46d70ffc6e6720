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

/** A cleanup report. Open records or leftovers after final cleanup are an error. */
export const CleanupReport = z
  .object({
    complete: z.boolean(),
    done: z.array(z.unknown()),
    open: z.array(z.unknown()),
    stop_reason: z.string().nullable(),
    leftover: z.array(z.unknown()),
  })
  .strict();
export type CleanupReport = z.infer<typeof CleanupReport>;

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

/** One run-log event: a JSON object (its fields are the target's own). */
const RunLogEvent = z.record(z.string(), z.unknown());

/**
 * A call's `run_log` (spec 002): an event list, or `{ events, is_dry_run }` (both keys,
 * nothing else). Anything else is `evidence_invalid_run_log` — the call contributes
 * nothing, so a malformed log can never pass a probe.
 */
export const ProbeRunLog = z.union([
  z.array(RunLogEvent),
  z.object({ events: z.array(RunLogEvent), is_dry_run: z.boolean() }).strict(),
]);
export type ProbeRunLog = z.infer<typeof ProbeRunLog>;

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

import { z } from 'zod';
import { evidenceError } from '../errors/coded-errors.js';

/** How to run the selected cases. Strict: unknown keys are errors. */
export const ScheduleOptions = z
  .object({
    mode: z.enum(['once', 'soak']).default('once'),
    /** soak: keep iterating for this long (checked before each iteration). */
    forMs: z.number().positive().optional(),
    /** soak: pause between iterations. */
    pauseMs: z.number().nonnegative().default(0),
    /** soak: stop after this many iterations. */
    iterations: z.number().int().positive().optional(),
    /** once: run each case N times. */
    repeat: z.number().int().positive().default(1),
    /** Per-case gate over its runs. */
    minPassRate: z.number().min(0).max(1).default(1),
    failOnFlaky: z.boolean().default(false),
    /** Per-case timeout unless the case sets its own. */
    timeoutMs: z.number().positive().default(60_000),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.mode === 'soak' && value.forMs === undefined && value.iterations === undefined) {
      ctx.addIssue({ code: 'custom', message: 'soak needs forMs or iterations', path: ['forMs'] });
    }
    if (value.mode === 'soak' && value.repeat !== 1) ctx.addIssue({ code: 'custom', message: 'repeat applies to once, not soak', path: ['repeat'] });
  });
export type ScheduleOptions = z.input<typeof ScheduleOptions>;
export type ResolvedSchedule = z.output<typeof ScheduleOptions>;

export function parseSchedule(input: ScheduleOptions | undefined): ResolvedSchedule {
  const parsed = ScheduleOptions.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw evidenceError({
      code: 'evidence.invalid_options',
      message: `Invalid schedule option${where === '' ? '' : ` "${where}"`}: ${issue?.message ?? 'invalid'}.`,
      hint: 'once: { repeat, minPassRate, failOnFlaky, timeoutMs }; soak: { forMs | iterations, pauseMs }.',
    });
  }
  return parsed.data;
}

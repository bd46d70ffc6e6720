import { z } from 'zod';
import { parseDurationMs } from '../cli/duration.js';

// `warden check`'s options: the command parses them, the action reads them (no command↔action import cycle).
const duration = z.string().refine((value) => parseDurationMs(value) !== undefined, { message: 'error.notADuration', params: { examples: '30s, 5m, 500ms' } });

export const checkOptions = z.strictObject({
  env: z.string().min(1).optional(),
  soak: z.boolean().optional(),
  for: duration.optional(),
  pause: duration.optional(),
  iterations: z.coerce.number().int().positive().optional(),
  repeat: z.coerce.number().int().positive().optional(),
  minPassRate: z.coerce.number().min(0).max(1).optional(),
  failOnFlaky: z.boolean().optional(),
  out: z.string().min(1).optional(),
  pack: z.array(z.string().min(1)).optional(),
  dash: z.string().min(1).optional(),
});
export type CheckOptions = z.infer<typeof checkOptions>;

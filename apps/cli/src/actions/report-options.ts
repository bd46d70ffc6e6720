import { z } from 'zod';
import { parseDurationMs } from '../cli/duration.js';

// `warden report`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const reportOptions = z.strictObject({
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  since: z.string().refine((value) => (parseDurationMs(value) ?? 0) > 0, { message: 'error.notADuration', params: { examples: '7d, 24h, 30m' } }).optional(),
  by: z.enum(['agent', 'model', 'task', 'owner']).optional(),
});
export type ReportCommandOptions = z.infer<typeof reportOptions>;

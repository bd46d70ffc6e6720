import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';

// `warden worker`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const workerOptions = z.strictObject({
  queue: z.string().min(1).optional(),
  queueName: z.string().min(1).optional(),
  prefix: z.string().min(1).optional(),
  concurrency: z.coerce.number().int().positive().max(256).optional(),
  sessions: z.string().min(1).optional(),
  approvals: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
  name: z.string().min(1).optional(),
  setup: z.string().min(1).optional(),
  onInterrupted: z.enum(['fail', 'park']).optional(),
  drainSeconds: z.coerce.number().nonnegative().optional(),
  lockSeconds: z.coerce.number().positive().max(3600).optional(),
  stalledSeconds: z.coerce.number().positive().max(3600).optional(),
  leaseSeconds: z.coerce.number().positive().max(3600).optional(),
  rate: z.string().regex(/^\d+\/\d+$/, 'N/MS, e.g. 10/1000').optional(),
  workdir: z.string().min(1).optional(),
});
export type WorkerOptions = z.infer<typeof workerOptions>;

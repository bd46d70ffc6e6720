import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';

// `warden fleet`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const fleetOptions = z.strictObject({
  workers: z.coerce.number().int().positive().max(64).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
  yes: z.boolean().optional(),
  maxTurns: z.coerce.number().int().positive().optional(),
  budgetTokens: z.coerce.number().int().positive().optional(),
  budgetUsd: z.coerce.number().positive().optional(),
  sessions: z.string().min(1).optional(),
  /** `redis://…`: queue the jobs for `warden worker`s instead of running them here. */
  queue: z.string().min(1).optional(),
  queueName: z.string().min(1).optional(),
  prefix: z.string().min(1).optional(),
  acceptInterrupted: z.boolean().optional(),
});
export type FleetOptions = z.infer<typeof fleetOptions>;

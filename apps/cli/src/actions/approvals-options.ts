import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';

// `warden approvals`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const approvalsOptions = z.strictObject({
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
});
export type ApprovalsOptions = z.infer<typeof approvalsOptions>;

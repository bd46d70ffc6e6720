import { z } from 'zod';

// `warden agents`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const agentsOptions = z.strictObject({
  blueprint: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
});
export type AgentsOptions = z.infer<typeof agentsOptions>;

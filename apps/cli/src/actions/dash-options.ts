import { z } from 'zod';

// `warden dash`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const dashOptions = z.strictObject({
  data: z.string().min(1).optional(),
  databaseUrl: z.string().min(1).optional(),
  pgSchema: z.string().min(1).optional(),
  host: z.string().min(1).optional(),
  port: z.coerce.number().int().min(0).max(65535).optional(),
  publicUrl: z.string().min(1).optional(),
  maxReportMb: z.coerce.number().positive().optional(),
  allowInsecureHttp: z.boolean().optional(),
  /** The console: the session store it reads, its durable approvals, and the fleet's queue. */
  sessions: z.string().min(1).optional(),
  approvals: z.string().min(1).optional(),
  queue: z.string().min(1).optional(),
  queueName: z.string().min(1).optional(),
  prefix: z.string().min(1).optional(),
});
export type DashCommandOptions = z.infer<typeof dashOptions>;

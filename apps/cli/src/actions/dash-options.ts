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
});
export type DashCommandOptions = z.infer<typeof dashOptions>;

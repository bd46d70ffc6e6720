import { z } from 'zod';

/** Options every command takes. */
export const globalOptions = z.strictObject({
  lang: z.string().optional(),
  config: z.string().optional(),
  json: z.boolean().optional(),
  quiet: z.boolean().optional(),
  debug: z.boolean().optional(),
  color: z.boolean().optional(),
  help: z.boolean().optional(),
  version: z.boolean().optional(),
});

export type GlobalOptions = z.infer<typeof globalOptions>;

export const globalAliases: Record<string, string> = { h: 'help', q: 'quiet', V: 'version' };

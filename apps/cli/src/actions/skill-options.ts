import { z } from 'zod';

// `warden skill`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const skillOptions = z.strictObject({
  dir: z.string().min(1).optional(),
  force: z.boolean().optional(),
});
export type SkillOptions = z.infer<typeof skillOptions>;

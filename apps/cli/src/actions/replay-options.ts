import { z } from 'zod';
import { blueprintAgentShape, runTargetShape } from './agent-target-options.js';

// `warden replay`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const replayOptions = z.strictObject({
  step: z.coerce.number().int().positive(),
  task: z.string().min(1).optional(),
  ...blueprintAgentShape,
  ...runTargetShape,
  yes: z.boolean().optional(),
});
export type ReplayCommandOptions = z.infer<typeof replayOptions>;

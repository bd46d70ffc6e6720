import { z } from 'zod';
import { blueprintAgentShape, runTargetShape } from './agent-target-options.js';

// `warden eval`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const evalOptions = z.strictObject({
  ...blueprintAgentShape,
  baselineVersion: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  save: z.string().min(1).optional(),
  repeat: z.coerce.number().int().positive().optional(),
  out: z.string().min(1).optional(),
  ...runTargetShape,
});
export type EvalCommandOptions = z.infer<typeof evalOptions>;

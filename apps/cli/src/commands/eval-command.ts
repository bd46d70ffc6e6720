import { z } from 'zod';
import { defineCommand } from '../cli/command.js';
import { blueprintAgentShape, runTargetShape } from './agent-target-options.js';

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

export const evalCommand = defineCommand({
  name: 'eval',
  summary: 'command.eval.summary',
  usage: 'command.eval.usage',
  options: evalOptions,
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { evalAction } = await import('../actions/eval-action.js');
    return evalAction(ctx);
  },
});

import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const evalOptions = z.strictObject({
  blueprint: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
  baselineVersion: z.string().min(1).optional(),
  baseline: z.string().min(1).optional(),
  save: z.string().min(1).optional(),
  repeat: z.coerce.number().int().positive().optional(),
  out: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(['safe', 'yolo', 'read-only']).optional(),
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

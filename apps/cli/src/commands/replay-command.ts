import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const replayOptions = z.strictObject({
  step: z.coerce.number().int().positive(),
  task: z.string().min(1).optional(),
  blueprint: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(['safe', 'yolo', 'read-only']).optional(),
  yes: z.boolean().optional(),
});
export type ReplayCommandOptions = z.infer<typeof replayOptions>;

export const replayCommand = defineCommand({
  name: 'replay',
  summary: 'command.replay.summary',
  usage: 'command.replay.usage',
  options: replayOptions,
  aliases: { w: 'workdir', m: 'model', y: 'yes' },
  drains: true,
  async run(ctx) {
    const { replayAction } = await import('../actions/replay-action.js');
    return replayAction(ctx);
  },
});

import { z } from 'zod';
import { defineCommand } from '../cli/command.js';
import { blueprintAgentShape, runTargetShape } from './agent-target-options.js';

export const replayOptions = z.strictObject({
  step: z.coerce.number().int().positive(),
  task: z.string().min(1).optional(),
  ...blueprintAgentShape,
  ...runTargetShape,
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

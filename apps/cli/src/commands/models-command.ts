import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const modelsCommand = defineCommand({
  name: 'models',
  summary: 'command.models.summary',
  usage: 'command.models.usage',
  options: z.strictObject({
    provider: z.string().min(1).optional(),
    /** Comma-separated capabilities every listed model must have (`tools,vision,reasoning`). */
    supports: z.string().min(1).optional(),
  }),
  async run(ctx) {
    const { modelsAction } = await import('../actions/models-action.js');
    return modelsAction(ctx);
  },
});

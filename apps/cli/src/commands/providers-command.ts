import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const providersCommand = defineCommand({
  name: 'providers',
  summary: 'command.providers.summary',
  usage: 'command.providers.usage',
  options: z.strictObject({
    ping: z.boolean().optional(),
    model: z.string().min(1).optional(),
    baseUrl: z.string().url().optional(),
  }),
  aliases: { m: 'model' },
  async run(ctx) {
    const { providersAction } = await import('../actions/providers-action.js');
    return providersAction(ctx);
  },
});

import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const sandboxesCommand = defineCommand({
  name: 'sandboxes',
  summary: 'command.sandboxes.summary',
  usage: 'command.sandboxes.usage',
  options: z.strictObject({
    check: z.boolean().optional(),
  }),
  async run(ctx) {
    const { sandboxesAction } = await import('../actions/sandboxes-action.js');
    return sandboxesAction(ctx);
  },
});

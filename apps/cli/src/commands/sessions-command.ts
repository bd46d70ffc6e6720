import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const sessionsCommand = defineCommand({
  name: 'sessions',
  summary: 'command.sessions.summary',
  usage: 'command.sessions.usage',
  options: z.strictObject({
    workdir: z.string().min(1).optional(),
    sessions: z.string().min(1).optional(),
  }),
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { sessionsAction } = await import('../actions/sessions-action.js');
    return sessionsAction(ctx);
  },
});

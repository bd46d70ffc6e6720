import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const auditCommand = defineCommand({
  name: 'audit',
  summary: 'command.audit.summary',
  usage: 'command.audit.usage',
  options: z.strictObject({
    keyEnv: z.string().min(1).optional(),
    publicKey: z.string().min(1).optional(),
    file: z.string().min(1).optional(),
    workdir: z.string().min(1).optional(),
  }),
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { auditAction } = await import('../actions/audit-action.js');
    return auditAction(ctx);
  },
});

import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';
import { defineCommand } from '../cli/command.js';

export const approvalsOptions = z.strictObject({
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
});
export type ApprovalsOptions = z.infer<typeof approvalsOptions>;

export const approvalsCommand = defineCommand({
  name: 'approvals',
  summary: 'command.approvals.summary',
  usage: 'command.approvals.usage',
  options: approvalsOptions,
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { approvalsAction } = await import('../actions/approvals-action.js');
    return approvalsAction(ctx);
  },
});

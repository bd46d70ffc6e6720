import { defineCommand } from '../cli/command.js';
import { approvalsOptions } from '../actions/approvals-options.js';

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

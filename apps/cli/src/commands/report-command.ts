import { defineCommand } from '../cli/command.js';
import { reportOptions } from '../actions/report-options.js';

export const reportCommand = defineCommand({
  name: 'report',
  summary: 'command.report.summary',
  usage: 'command.report.usage',
  options: reportOptions,
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { reportAction } = await import('../actions/report-action.js');
    return reportAction(ctx);
  },
});

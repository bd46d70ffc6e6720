import { defineCommand } from '../cli/command.js';
import { checkOptions } from '../actions/check-options.js';

export const checkCommand = defineCommand({
  name: 'check',
  summary: 'command.check.summary',
  usage: 'command.check.usage',
  options: checkOptions,
  async run(ctx) {
    const { checkAction } = await import('../actions/check-action.js');
    return checkAction(ctx);
  },
});

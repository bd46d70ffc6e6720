import { defineCommand } from '../cli/command.js';
import { evalOptions } from '../actions/eval-options.js';

export const evalCommand = defineCommand({
  name: 'eval',
  summary: 'command.eval.summary',
  usage: 'command.eval.usage',
  options: evalOptions,
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { evalAction } = await import('../actions/eval-action.js');
    return evalAction(ctx);
  },
});

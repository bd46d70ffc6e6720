import { defineCommand } from '../cli/command.js';
import { a2aOptions } from '../actions/a2a-options.js';

export const a2aCommand = defineCommand({
  name: 'a2a',
  summary: 'command.a2a.summary',
  usage: 'command.a2a.usage',
  options: a2aOptions,
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { a2aAction } = await import('../actions/a2a-action.js');
    return a2aAction(ctx);
  },
});

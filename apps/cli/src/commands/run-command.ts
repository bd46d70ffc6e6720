import { defineCommand } from '../cli/command.js';
import { runOptions } from '../actions/run-options.js';

export const runCommand = defineCommand({
  name: 'run',
  summary: 'command.run.summary',
  usage: 'command.run.usage',
  options: runOptions,
  aliases: { p: 'prompt', m: 'model', y: 'yes', w: 'workdir', c: 'continue' },
  drains: true,
  async run(ctx) {
    const { runAction } = await import('../actions/run-action.js');
    return runAction(ctx);
  },
});

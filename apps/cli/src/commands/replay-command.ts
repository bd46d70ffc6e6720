import { defineCommand } from '../cli/command.js';
import { replayOptions } from '../actions/replay-options.js';

export const replayCommand = defineCommand({
  name: 'replay',
  summary: 'command.replay.summary',
  usage: 'command.replay.usage',
  options: replayOptions,
  aliases: { w: 'workdir', m: 'model', y: 'yes' },
  drains: true,
  async run(ctx) {
    const { replayAction } = await import('../actions/replay-action.js');
    return replayAction(ctx);
  },
});

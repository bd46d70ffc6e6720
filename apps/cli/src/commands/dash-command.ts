import { defineCommand } from '../cli/command.js';
import { dashOptions } from '../actions/dash-options.js';

export const dashCommand = defineCommand({
  name: 'dash',
  summary: 'command.dash.summary',
  usage: 'command.dash.usage',
  options: dashOptions,
  async run(ctx) {
    const { dashAction } = await import('../actions/dash-action.js');
    return dashAction(ctx);
  },
});

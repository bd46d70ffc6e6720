import { defineCommand } from '../cli/command.js';
import { fleetOptions } from '../actions/fleet-options.js';

export const fleetCommand = defineCommand({
  name: 'fleet',
  summary: 'command.fleet.summary',
  usage: 'command.fleet.usage',
  options: fleetOptions,
  aliases: { y: 'yes', m: 'model' },
  async run(ctx) {
    if (ctx.options.queue !== undefined || ['status', 'cancel', 'retry', 'resume'].includes(ctx.positionals[0] ?? '')) {
      const { fleetQueueAction } = await import('../actions/fleet-queue-action.js');
      return fleetQueueAction(ctx);
    }
    const { fleetAction } = await import('../actions/fleet-action.js');
    return fleetAction(ctx);
  },
});

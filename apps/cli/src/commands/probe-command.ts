import { defineCommand } from '../cli/command.js';
import { probeOptions } from '../actions/probe-options.js';

export const probeCommand = defineCommand({
  name: 'probe',
  summary: 'command.probe.summary',
  usage: 'command.probe.usage',
  options: probeOptions,
  async run(ctx) {
    const { probeAction } = await import('../actions/probe-action.js');
    return probeAction(ctx);
  },
});

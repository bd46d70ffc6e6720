import { defineCommand } from '../cli/command.js';
import { agentsOptions } from '../actions/agents-options.js';

/** `warden agents list|show NAME|check --blueprint FILE`: the agents a blueprint declares. */
export const agentsCommand = defineCommand({
  name: 'agents',
  summary: 'command.agents.summary',
  usage: 'command.agents.usage',
  options: agentsOptions,
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { agentsAction } = await import('../actions/agents-action.js');
    return agentsAction(ctx);
  },
});

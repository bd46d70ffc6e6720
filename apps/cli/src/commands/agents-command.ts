import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const agentsOptions = z.strictObject({
  blueprint: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
});
export type AgentsOptions = z.infer<typeof agentsOptions>;

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

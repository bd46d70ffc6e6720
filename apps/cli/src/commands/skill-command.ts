import { defineCommand } from '../cli/command.js';
import { skillOptions } from '../actions/skill-options.js';

/** `warden skill print|install`: the agent skill shipped with the CLI (skills/warden/). */
export const skillCommand = defineCommand({
  name: 'skill',
  summary: 'command.skill.summary',
  usage: 'command.skill.usage',
  options: skillOptions,
  async run(ctx) {
    const { skillAction } = await import('../actions/skill-action.js');
    return skillAction(ctx);
  },
});

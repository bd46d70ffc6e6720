import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const skillOptions = z.strictObject({
  dir: z.string().min(1).optional(),
  force: z.boolean().optional(),
});
export type SkillOptions = z.infer<typeof skillOptions>;

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

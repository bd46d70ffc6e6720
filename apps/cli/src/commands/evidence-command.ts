import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const evidenceCommand = defineCommand({
  name: 'evidence',
  summary: 'command.evidence.summary',
  usage: 'command.evidence.usage',
  options: z.strictObject({ dash: z.string().min(1).optional() }),
  async run(ctx) {
    const { evidenceAction } = await import('../actions/evidence-action.js');
    return evidenceAction(ctx);
  },
});

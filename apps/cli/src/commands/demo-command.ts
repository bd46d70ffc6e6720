import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const demoCommand = defineCommand({
  name: 'demo',
  summary: 'command.demo.summary',
  usage: 'command.demo.usage',
  options: z.strictObject({
    keep: z.boolean().optional(),
    containment: z.boolean().optional(),
    full: z.boolean().optional(),
    out: z.string().min(1).optional(),
  }),
  async run(ctx) {
    const { demoAction } = await import('../demo/demo-action.js');
    return demoAction(ctx);
  },
});

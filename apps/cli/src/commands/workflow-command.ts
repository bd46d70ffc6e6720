import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const workflowCommand = defineCommand({
  name: 'workflow',
  summary: 'command.workflow.summary',
  usage: 'command.workflow.usage',
  options: z.strictObject({
    check: z.boolean().optional(),
    input: z.array(z.string()).optional(),
    tools: z.string().min(1).optional(),
    blueprint: z.string().min(1).optional(),
    workdir: z.string().min(1).optional(),
    sessions: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    baseUrl: z.string().min(1).optional(),
  }),
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { workflowAction } = await import('../actions/workflow-action.js');
    return workflowAction(ctx);
  },
});

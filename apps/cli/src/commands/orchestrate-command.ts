import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';
import { defineCommand } from '../cli/command.js';

export const orchestrateCommand = defineCommand({
  name: 'orchestrate',
  summary: 'command.orchestrate.summary',
  usage: 'command.orchestrate.usage',
  options: z.strictObject({
    maxConcurrency: z.coerce.number().int().positive().max(64).optional(),
    budgetUsd: z.coerce.number().positive().optional(),
    critics: z.coerce.number().int().min(0).max(10).optional(),
    accept: z.enum(['all', 'majority']).optional(),
    queue: z.string().min(1).optional(),
    queueName: z.string().min(1).optional(),
    workdir: z.string().min(1).optional(),
    sessions: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    baseUrl: z.string().min(1).optional(),
    mode: z.enum(GATE_MODES).optional(),
    yes: z.boolean().optional(),
  }),
  aliases: { w: 'workdir', y: 'yes', m: 'model' },
  async run(ctx) {
    const { orchestrateAction } = await import('../actions/orchestrate-action.js');
    return orchestrateAction(ctx);
  },
});

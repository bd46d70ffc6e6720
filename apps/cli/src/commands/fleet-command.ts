import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';
import { defineCommand } from '../cli/command.js';

export const fleetOptions = z.strictObject({
  workers: z.coerce.number().int().positive().max(64).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
  yes: z.boolean().optional(),
  maxTurns: z.coerce.number().int().positive().optional(),
  budgetTokens: z.coerce.number().int().positive().optional(),
  budgetUsd: z.coerce.number().positive().optional(),
  sessions: z.string().min(1).optional(),
  /** `redis://…`: queue the jobs for `warden worker`s instead of running them here. */
  queue: z.string().min(1).optional(),
  queueName: z.string().min(1).optional(),
  prefix: z.string().min(1).optional(),
  acceptInterrupted: z.boolean().optional(),
});
export type FleetOptions = z.infer<typeof fleetOptions>;

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

import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const probeOptions = z.strictObject({
  probes: z.string().min(1).optional(),
  pack: z.array(z.string().min(1)).optional(),
  out: z.string().min(1).optional(),
  execute: z.boolean().optional(),
});
export type ProbeOptions = z.infer<typeof probeOptions>;

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

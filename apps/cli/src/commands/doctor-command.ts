import { z } from 'zod';
import { defineCommand } from '../cli/command.js';

export const doctorCommand = defineCommand({
  name: 'doctor',
  summary: 'command.doctor.summary',
  usage: 'command.doctor.usage',
  options: z.strictObject({
    workdir: z.string().min(1).optional(),
    sessions: z.string().min(1).optional(),
    provider: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    baseUrl: z.string().url().optional(),
    ping: z.boolean().optional(),
  }),
  aliases: { w: 'workdir', m: 'model' },
  async run(ctx) {
    const { doctorAction } = await import('../actions/doctor-action.js');
    return doctorAction(ctx);
  },
});

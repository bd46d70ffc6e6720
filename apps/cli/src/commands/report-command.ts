import { z } from 'zod';
import { defineCommand } from '../cli/command.js';
import { parseDurationMs } from '../cli/duration.js';

export const reportOptions = z.strictObject({
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  since: z.string().refine((value) => (parseDurationMs(value) ?? 0) > 0, { message: 'error.notADuration', params: { examples: '7d, 24h, 30m' } }).optional(),
  by: z.enum(['agent', 'model', 'task', 'owner']).optional(),
});
export type ReportCommandOptions = z.infer<typeof reportOptions>;

export const reportCommand = defineCommand({
  name: 'report',
  summary: 'command.report.summary',
  usage: 'command.report.usage',
  options: reportOptions,
  aliases: { w: 'workdir' },
  async run(ctx) {
    const { reportAction } = await import('../actions/report-action.js');
    return reportAction(ctx);
  },
});

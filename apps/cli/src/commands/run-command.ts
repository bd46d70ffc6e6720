import { z } from 'zod';
import { defineCommand } from '../cli/command.js';
import { parseDurationMs } from '../cli/duration.js';

export const runOptions = z.strictObject({
  prompt: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(['safe', 'yolo', 'read-only']).optional(),
  style: z.enum(['chat', 'research', 'cowork']).optional(),
  depth: z.enum(['quick', 'standard', 'deep']).optional(),
  yes: z.boolean().optional(),
  park: z.boolean().optional(),
  maxTurns: z.coerce.number().int().positive().optional(),
  budgetTokens: z.coerce.number().int().positive().optional(),
  budgetUsd: z.coerce.number().positive().optional(),
  resume: z.boolean().optional(),
  continue: z.boolean().optional(),
  session: z.string().min(1).optional(),
  newSession: z.boolean().optional(),
  listSessions: z.boolean().optional(),
  sessions: z.string().min(1).optional(),
  explainScope: z.boolean().optional(),
  planFirst: z.boolean().optional(),
  otel: z.boolean().optional(),
  blueprint: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
  /** A knowledge store URL: the agent gets a `knowledge_search` tool over it. */
  knowledge: z.string().min(1).optional(),
  idleTimeout: z.string().refine((value) => (parseDurationMs(value) ?? 0) > 0, { message: 'error.notADuration', params: { examples: '30s, 2m, 500ms' } }).optional(),
});
export type RunCommandOptions = z.infer<typeof runOptions>;

export const runCommand = defineCommand({
  name: 'run',
  summary: 'command.run.summary',
  usage: 'command.run.usage',
  options: runOptions,
  aliases: { p: 'prompt', m: 'model', y: 'yes', w: 'workdir', c: 'continue' },
  drains: true,
  async run(ctx) {
    const { runAction } = await import('../actions/run-action.js');
    return runAction(ctx);
  },
});

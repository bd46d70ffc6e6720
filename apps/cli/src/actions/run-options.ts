import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';
import { parseDurationMs } from '../cli/duration.js';

// `warden run`'s options: the command parses them, the action reads them (no command↔action import cycle).
export const runOptions = z.strictObject({
  prompt: z.string().min(1).optional(),
  workdir: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
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
  sandbox: z.string().min(1).optional(),
  keepSandbox: z.boolean().optional(),
  /** A knowledge store URL: the agent gets a `knowledge_search` tool over it. */
  knowledge: z.string().min(1).optional(),
  /** Files sent with the task (repeatable), read by the harness (`run(task, { attachments })`). */
  attach: z.array(z.string().min(1)).optional(),
  /** Send protected paths named with --attach (.env…) anyway. */
  attachForce: z.boolean().optional(),
  /** The governance file (default: WORKDIR/governance.yaml when there is one). */
  governance: z.string().min(1).optional(),
  /** The run's purpose and data subject jurisdiction tags, read by the governance file. */
  purpose: z.string().min(1).optional(),
  jurisdiction: z.string().min(1).optional(),
  idleTimeout: z.string().refine((value) => (parseDurationMs(value) ?? 0) > 0, { message: 'error.notADuration', params: { examples: '30s, 2m, 500ms' } }).optional(),
});
export type RunCommandOptions = z.infer<typeof runOptions>;

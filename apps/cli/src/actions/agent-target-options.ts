import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';

/** Which declared agent a command runs: a blueprint file, one of its agents, one of its versions. */
export const blueprintAgentShape = {
  blueprint: z.string().min(1).optional(),
  agent: z.string().min(1).optional(),
  agentVersion: z.string().min(1).optional(),
};

/** Where and on what a command runs that agent: workspace, session store, provider, model, endpoint, mode. */
export const runTargetShape = {
  workdir: z.string().min(1).optional(),
  sessions: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  model: z.string().min(1).optional(),
  baseUrl: z.string().url().optional(),
  mode: z.enum(GATE_MODES).optional(),
};

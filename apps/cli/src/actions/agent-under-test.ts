import path from 'node:path';
import { createHarness, type Harness } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from './run-options.js';
import { harnessOptionsFrom } from './cli-harness-options.js';

export interface AgentChoice {
  /** A blueprint file: the agent comes from it (at `version`); without one, the configured harness of `warden run`. */
  blueprint?: string;
  agent?: string;
  version?: string;
  sessionId?: string;
}

/** The agent `warden eval` and `warden replay` drive: a blueprint's agent at a version, or `warden run`'s harness. */
export async function agentUnderTest(ctx: CommandContext<Partial<RunCommandOptions>>, workdir: string, choice: AgentChoice): Promise<Harness> {
  const base = harnessOptionsFrom(ctx, workdir);
  if (choice.blueprint === undefined) return createHarness({ ...base, ...(choice.sessionId ? { sessionId: choice.sessionId } : {}) });
  const { loadBlueprint } = await import('@warden/harness/blueprint');
  const blueprint = await loadBlueprint(path.resolve(ctx.io.cwd, choice.blueprint));
  const { instructions: _i, handoffs: _h, subagents: _s, guardrails: _g, builtinTools: _b, ...rest } = base;
  const name = choice.agent ?? blueprint.agents()[0]!;
  return blueprint.build(name, { ...rest, ...(choice.version ? { version: choice.version } : {}), ...(choice.sessionId ? { sessionId: choice.sessionId } : {}) });
}

import path from 'node:path';
import type { HarnessOptions } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import { CliError } from '../cli/cli-error.js';
import type { RunCommandOptions } from './run-options.js';

/**
 * `warden run --blueprint FILE --agent NAME [--agent-version V]`: the declared agent's options
 * (instructions, tools — module specifiers read relative to the file —, guardrails, sub-agents,
 * handoffs) laid over the workspace's. The run stays governed like any other: the config's and the
 * flags' mode, approver, sessions, audit and budget apply; a `--mode` or `--max-turns` flag wins
 * over the file, the file's own mode over the config's. The version goes with every run
 * (`run_start.agentVersion`, the spend, the audit trail).
 */
export async function blueprintRunOptions(ctx: CommandContext<RunCommandOptions>, base: HarnessOptions): Promise<{ options: HarnessOptions; agentVersion?: string } | undefined> {
  const { blueprint: file, agent, agentVersion } = ctx.options;
  if (!file && !agent && !agentVersion) return undefined;
  if (!file) throw needs(agent ? '--agent' : '--agent-version', '--blueprint FILE');
  const { loadBlueprint } = await import('@warden/harness/blueprint');
  const bp = await loadBlueprint(path.resolve(ctx.io.cwd, file));
  const name = agent ?? bp.agents()[0]!;
  const options = bp.harnessOptions(name, { ...base, ...(agentVersion ? { version: agentVersion } : {}) });
  if (ctx.options.mode) options.mode = ctx.options.mode;
  if (ctx.options.maxTurns) options.maxTurns = ctx.options.maxTurns;
  return { options, ...(agentVersion ? { agentVersion } : {}) };
}

function needs(flag: string, what: string): CliError {
  return new CliError({ code: 'cli.invalid_value', message: `${flag} needs ${what}`, key: 'error.invalidValue', params: { flag, reason: `it needs ${what}` } });
}

import { didYouMean } from '@warden/protocol/checks';
import { globRegExp } from '@warden/protocol/vocabulary';
import path from 'node:path';
import { BUILTIN_TOOL_NAMES, type HarnessOptions } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';

/** The name the configured harness itself is served under. */
export const MAIN_AGENT = 'warden';

export interface ServedAgentSpec {
  name: string;
  description: string;
  options: HarnessOptions;
}

type Subagent = NonNullable<HarnessOptions['subagents']>[string];

function matches(glob: string, name: string): boolean {
  return globRegExp(glob).test(name);
}

/**
 * A `subagents` entry of warden.config.json served as an agent of its own: its `system` is added
 * to the instructions, built-in tools it does not list are off, MCP servers keep only the tools
 * it lists, and it has no sub-agents itself (no cascade).
 */
function subagentOptions(base: HarnessOptions, sub: Subagent): HarnessOptions {
  const allowed = sub.tools;
  const builtinTools = Object.fromEntries(BUILTIN_TOOL_NAMES.map((tool) => [tool, base.builtinTools?.[tool] !== false && allowed.some((glob) => matches(glob, tool))]));
  const mcpServers = Object.fromEntries(
    Object.entries(base.mcpServers ?? {}).flatMap(([server, entry]) => {
      const own = allowed.filter((glob) => glob.startsWith(`${server}__`)).map((glob) => glob.slice(server.length + 2));
      return own.length > 0 ? [[server, { ...entry, tools: own }]] : [];
    }),
  );
  const { subagents: _none, ...rest } = base;
  return {
    ...rest,
    builtinTools,
    mcpServers,
    ...(sub.system ? { instructions: [base.instructions, sub.system].filter(Boolean).join('\n\n') } : {}),
    ...(sub.maxTurns ? { maxTurns: sub.maxTurns } : {}),
  };
}

/**
 * The agents `warden mcp serve` offers: `warden` (the configured harness) and each `subagents`
 * entry of the config. `--agent NAME …` picks some; the default is `warden` alone. Each agent's
 * sessions are owned by `mcp:NAME`, so one agent's callers cannot continue another's conversations.
 */
export function servedAgents(base: HarnessOptions, names: readonly string[] | undefined, ownerPrefix: 'mcp' | 'a2a' = 'mcp'): ServedAgentSpec[] {
  const subagents = base.subagents ?? {};
  const available = [MAIN_AGENT, ...Object.keys(subagents).filter((name) => name !== MAIN_AGENT)];
  const picked = names && names.length > 0 ? [...new Set(names)] : [MAIN_AGENT];
  return picked.map((name) => {
    if (!available.includes(name)) {
      const guess = didYouMean(name, available);
      throw new CliError({
        code: 'cli.invalid_value',
        message: `--agent ${name}: no such agent (available: ${available.join(', ')})`,
        key: 'error.invalidValue',
        params: { flag: '--agent', reason: `no agent "${name}" (available: ${available.join(', ')})` },
        ...(guess ? { hintKey: 'hint.didYouMean', hintParams: { suggestion: guess } } : {}),
      });
    }
    const owner = { userId: `${ownerPrefix}:${name}` };
    if (name === MAIN_AGENT) {
      return {
        name,
        description: `Runs a task with the Warden agent in the workspace "${path.basename(base.workdir)}" (mode ${base.mode ?? 'safe'}), under its gate, and returns the answer. Changes that need a person's approval are parked, not made.`,
        options: { ...base, owner },
      };
    }
    const sub = subagents[name]!;
    return { name, description: sub.description, options: { ...subagentOptions(base, sub), owner } };
  });
}

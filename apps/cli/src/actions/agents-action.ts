import path from 'node:path';
import type { Blueprint } from '@warden/harness/blueprint';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { AgentsOptions } from './agents-options.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

const SUBCOMMANDS = ['list', 'show', 'check'] as const;

/**
 * `warden agents list|show NAME|check --blueprint FILE`: what a blueprint declares, one agent as it
 * would run (a version with --agent-version), and a check that loads everything the file names —
 * its tool modules, every agent and version's tools, its workflow files — and prints each problem
 * as `file:line:column  message` (with "did you mean"), exiting 2 when there is one.
 */
export async function agentsAction(ctx: CommandContext<AgentsOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [sub = 'list', name, ...rest] = positionals;
  if (!(SUBCOMMANDS as readonly string[]).includes(sub)) throw unexpectedArgument(sub, 'warden agents');
  if (rest.length > 0 || (sub !== 'show' && name !== undefined)) throw unexpectedArgument((rest[0] ?? name)!, 'warden agents');
  if (!options.blueprint) throw missingArgument(`warden agents ${sub}`, '--blueprint FILE');
  const file = path.resolve(io.cwd, options.blueprint);
  const shown = path.basename(file);
  const { loadBlueprint, blueprintProblems } = await import('@warden/harness/blueprint');
  let bp: Blueprint;
  try {
    bp = await loadBlueprint(file);
  } catch (error) {
    const problems = blueprintProblems(error);
    if (sub !== 'check' || problems.length === 0) throw error;
    return report(ctx, shown, problems.map((p) => `${shown}:${p.line}:${p.column}  ${p.message}`));
  }
  if (sub === 'check') return report(ctx, shown, await deepProblems(ctx, bp, shown));
  if (sub === 'show') {
    if (!name) throw missingArgument('warden agents show', 'NAME');
    const options_ = bp.options(name, options.agentVersion);
    const shownOptions = { agent: name, ...(options.agentVersion ? { version: options.agentVersion } : {}), versions: bp.versions(name), tools: bp.tools(name, options.agentVersion) ?? null, ...options_ };
    if (options.json) io.stdout.write(`${JSON.stringify({ type: 'agent', ...shownOptions })}\n`);
    else io.stdout.write(`${describe(ctx, shownOptions)}\n`);
    return EXIT.done;
  }
  const agents = bp.agents().map((agent) => ({ name: agent, description: bp.file.agents[agent]?.description ?? '', versions: bp.versions(agent) }));
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ type: 'agents', agents, workflows: Object.keys(bp.workflows()) })}\n`);
    return EXIT.done;
  }
  const width = Math.max(...agents.map((a) => a.name.length));
  for (const agent of agents) {
    const versions = agent.versions.length > 0 ? `  ${ctx.style.dim(`${t('agents.versions')}: ${agent.versions.join(', ')}`)}` : '';
    io.stdout.write(`${agent.name.padEnd(width)}  ${agent.description}${versions}\n`);
  }
  for (const workflow of Object.keys(bp.workflows())) io.stdout.write(`${ctx.style.dim(`${t('agents.workflow')}: ${workflow}`)}\n`);
  return EXIT.done;
}

function report(ctx: CommandContext<AgentsOptions>, shown: string, problems: readonly string[]): number {
  if (problems.length === 0) {
    ctx.io.stdout.write(`${ctx.t('agents.valid', { file: shown })}\n`);
    return EXIT.done;
  }
  ctx.io.stderr.write(`${ctx.t('agents.invalid', { file: shown, count: problems.length })}\n`);
  for (const problem of problems) ctx.io.stderr.write(`  ${problem}\n`);
  return EXIT.usage;
}

/** What only building finds: tools nobody supplied (per agent and version), and the workflow files' own problems. */
async function deepProblems(ctx: CommandContext<AgentsOptions>, bp: Blueprint, shown: string): Promise<string[]> {
  const problems: string[] = [];
  const workdir = resolveWorkdir(ctx.io.cwd, ctx.options.workdir);
  const mcpServers = ctx.config.config.mcpServers;
  for (const agent of bp.agents()) {
    for (const version of [undefined, ...bp.versions(agent)]) {
      try {
        bp.harnessOptions(agent, { workdir, env: {}, ...(mcpServers ? { mcpServers } : {}), ...(version ? { version } : {}) });
      } catch (error) {
        // The message starts with the place: `25:71  agent "support" version "v1" names …`.
        problems.push(`${shown}:${(error as Error).message}`);
      }
    }
  }
  const workflows = Object.entries(bp.workflows());
  if (workflows.length === 0) return problems;
  const { loadWorkflow, workflowProblems } = await import('@warden/workflows');
  const agents = Object.fromEntries(bp.agents().map((agent) => [agent, async () => ({ text: '' })]));
  for (const [, workflowFile] of workflows) {
    try {
      await loadWorkflow(workflowFile, { tools: bp.moduleTools(), agents, buildAgent: () => async () => ({ text: '' }) });
    } catch (error) {
      const found = workflowProblems(error);
      if (found.length > 0) problems.push(...found.map((p) => `${path.basename(workflowFile)}:${p.line}:${p.column}  ${p.message}`));
      else if (error instanceof Error && 'code' in error) problems.push(...error.message.split('\n').slice(1).map((line) => `${path.basename(workflowFile)}:${line.trim()}`));
      else throw error;
    }
  }
  return problems;
}

function describe(ctx: CommandContext<AgentsOptions>, shown: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(shown)) {
    if (value === undefined || key === 'builtinTools') continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    lines.push(`${ctx.style.dim(`${key}:`)} ${text}`);
  }
  return lines.join('\n');
}

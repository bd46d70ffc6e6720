import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHarness, openAuditTrail, openSessionStore, parseStoreLocation, textRedactor } from '@warden/harness';
import { INTERFACE_VERSIONS, type JsonValue, type ToolV1 } from '@warden/protocol';
import { inspectWorkflowRun, loadWorkflow, parseWorkflow, workflowProblems, type Workflow, type WorkflowAgent, type WorkflowEvent, type WorkflowResult } from '@warden/workflows';
import { readFile } from 'node:fs/promises';
import { loadBlueprint, type Blueprint } from '@warden/harness/blueprint';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

interface WorkflowOptions {
  check?: boolean;
  input?: string[];
  tools?: string;
  blueprint?: string;
  workdir?: string;
  sessions?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
}

/**
 * `warden workflow FILE [--check] [--input k=v]… [--tools MODULE]` and `warden workflow resume RUN_ID`:
 * checks a workflow file (every problem with its line and column), runs it with the tools a module
 * exports and the file's agents as governed harness runs, and resumes a stored run from its last
 * finished step. Runs are kept in the workspace's session store, so `warden sessions` lists them.
 */
export async function workflowAction(ctx: CommandContext<WorkflowOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [first, second, ...rest] = positionals;
  if (!first) throw missingArgument('warden workflow', 'FILE');
  if (rest.length > 0 || (first !== 'resume' && second !== undefined)) throw unexpectedArgument((first === 'resume' ? rest[0] : second)!, 'warden workflow');
  const workdir = resolveWorkdir(io.cwd, options.workdir);

  const bp = options.blueprint ? await loadBlueprint(path.resolve(io.cwd, options.blueprint)) : undefined;
  // With --blueprint, FILE may name one of the blueprint's `workflows:`.
  const fileOf = (name: string) => bp?.workflows()[name] ?? path.resolve(io.cwd, name);
  if (options.check && first !== 'resume') return check(ctx, fileOf(first), bp);
  const location = parseStoreLocation(options.sessions ?? ctx.config.config.sessions, workdir);
  const store = await openSessionStore(location);
  const closers: Array<() => Promise<void>> = [];
  try {
    if (first === 'resume') {
      if (!second) throw missingArgument('warden workflow resume', 'RUN_ID');
      const info = await inspectWorkflowRun(store, second);
      if (!info.file) throw new CliError({ code: 'cli.invalid_value', message: `run ${second} was not started from a file`, key: 'error.invalidValue', params: { flag: 'RUN_ID', reason: `run ${second} was not started from a workflow file` } });
      const workflow = await bind(ctx, info.file, workdir, store, bp, closers);
      return finish(ctx, await workflow.resume(second, { signal: ctx.signal }));
    }
    const workflow = await bind(ctx, fileOf(first), workdir, store, bp, closers);
    const result = await workflow.run(inputsFrom(options.input ?? []), { signal: ctx.signal });
    return finish(ctx, result);
  } finally {
    for (const close of closers) await close();
    await store.close?.();
  }

  function finish({ io: out }: CommandContext<WorkflowOptions>, result: WorkflowResult): number {
    if (options.json) out.stdout.write(`${JSON.stringify({ type: 'workflow_result', ...result })}\n`);
    else if (result.status === 'ok') out.stdout.write(`${typeof result.output === 'string' ? result.output : JSON.stringify(result.output, null, 2)}\n`);
    else out.stderr.write(`${t(result.status === 'stopped' ? 'workflow.stopped' : 'workflow.failed', { run: result.runId, step: result.failedStep ?? '-', message: result.error?.message ?? '' })}\n`);
    if (!options.json) out.stderr.write(`${t('workflow.runId', { run: result.runId })}\n`);
    return result.status === 'ok' ? EXIT.done : result.status === 'stopped' ? EXIT.interrupted : EXIT.error;
  }
}

async function check(ctx: CommandContext<WorkflowOptions>, file: string, bp: Blueprint | undefined): Promise<number> {
  const { io, t } = ctx;
  try {
    const definition = parseWorkflow(await readFile(file, 'utf8'), path.basename(file));
    const given = ctx.options.tools ? await toolsFrom(ctx, ctx.options.tools) : undefined;
    const tools = bp ? [...(given ?? []), ...bp.moduleTools()] : given;
    const agents = bp ? Object.fromEntries(bp.agents().map((name) => [name, async () => ({ text: '' })])) : undefined;
    // With --tools (or --blueprint) the bindings are checked too; the file's own agents always bind.
    const workflow = await loadWorkflow(file, { ...(tools ? { tools } : {}), ...(agents ? { agents } : {}), buildAgent: () => async () => ({ text: '' }) });
    io.stdout.write(`${workflow.describe()}\n${t('workflow.checked', { name: definition.name })}\n`);
    return EXIT.done;
  } catch (error) {
    const problems = workflowProblems(error);
    if (problems.length === 0) throw error;
    io.stderr.write(`${t('workflow.invalid', { file: path.basename(file), count: problems.length })}\n`);
    for (const p of problems) io.stderr.write(`  ${path.basename(file)}:${p.line}:${p.column}  ${p.message}\n`);
    return EXIT.usage;
  }
}

async function bind(ctx: CommandContext<WorkflowOptions>, file: string, workdir: string, store: Awaited<ReturnType<typeof openSessionStore>>, bp: Blueprint | undefined, closers: Array<() => Promise<void>>): Promise<Workflow> {
  const given = ctx.options.tools ? await toolsFrom(ctx, ctx.options.tools) : [];
  const tools = bp ? [...given, ...bp.moduleTools().filter((t) => !given.some((g) => g.name === t.name))] : given;
  const base = harnessOptionsFrom(ctx, workdir);
  // A blueprint's agents are agents the steps may name: each call is one governed run of the declared agent.
  const declared = (name: string): WorkflowAgent => async ({ input, signal }) => {
    const harness = await bp!.build(name, { ...base, tools: given });
    try {
      const run = await harness.run(input, { signal, label: `workflow agent ${name}` });
      if (run.stopReason !== 'done') throw new Error(`agent ${name} stopped: ${run.stopReason}${run.error ? ` (${run.error.message})` : ''}`);
      return { text: run.output, costUsd: run.costUsd };
    } finally {
      await harness.close();
    }
  };
  const agents = bp ? Object.fromEntries(bp.agents().map((name) => [name, declared(name)])) : undefined;
  // The workspace's audit trail holds every workflow event (the agents' runs write their own records there too).
  const trail = openAuditTrail({ workdir, ...(base.audit !== undefined ? { audit: base.audit } : {}), env: ctx.io.env });
  const audit = trail ? (kind: string, data: JsonValue, runId: string) => trail.note(kind, data, runId) : undefined;
  if (trail) closers.push(() => trail.close());
  const buildAgent = (name: string, spec: { instructions: string; model?: string }): WorkflowAgent => async ({ input, signal }) => {
    const harness = await createHarness({ ...base, instructions: spec.instructions, ...(spec.model ? { model: spec.model } : {}), tools });
    try {
      const run = await harness.run(input, { signal, label: `workflow agent ${name}` });
      if (run.stopReason !== 'done') throw new Error(`agent ${name} stopped: ${run.stopReason}${run.error ? ` (${run.error.message})` : ''}`);
      return { text: run.output, costUsd: run.costUsd };
    } finally {
      await harness.close();
    }
  };
  const onEvent = ctx.options.json ? (event: WorkflowEvent) => ctx.io.stdout.write(`${JSON.stringify(event)}\n`) : quietProgress(ctx);
  try {
    return await loadWorkflow(file, { tools, ...(agents ? { agents } : {}), buildAgent, store, ...(audit ? { audit } : {}), redact: textRedactor(ctx.io.env), onEvent });
  } catch (error) {
    const problems = workflowProblems(error);
    if (problems.length > 0) for (const p of problems) ctx.io.stderr.write(`  ${path.basename(file)}:${p.line}:${p.column}  ${p.message}\n`);
    throw error;
  }
}

function quietProgress(ctx: CommandContext<WorkflowOptions>): (event: WorkflowEvent) => void {
  return (event) => {
    if (ctx.options.quiet) return;
    if (event.type === 'step_end') ctx.io.stderr.write(`${ctx.style.dim(`✔ ${event.step}${event.replayed ? ` ${ctx.t('workflow.replayed')}` : ''}`)}\n`);
    if (event.type === 'step_failed') ctx.io.stderr.write(`${ctx.style.red(`✘ ${event.step}`)} ${event.error.split('\n')[0]}\n`);
    if (event.type === 'step_retry') ctx.io.stderr.write(`${ctx.style.dim(`↻ ${event.step} (${event.attempt})`)}\n`);
  };
}

/** `--input k=v`: the value is JSON when it parses (`orders=["1","2"]`, `n=3`), text otherwise. */
function inputsFrom(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError({ code: 'cli.invalid_value', message: `--input ${pair}: expected NAME=VALUE`, key: 'error.invalidValue', params: { flag: '--input', reason: `"${pair}" is not NAME=VALUE` } });
    out[pair.slice(0, eq)] = jsonOrText(pair.slice(eq + 1));
  }
  return out;
}

function jsonOrText(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** The tools a module exports: every export that is a Warden tool (`ToolV1`), or an array of them. */
async function toolsFrom(ctx: CommandContext<WorkflowOptions>, specifier: string): Promise<ToolV1[]> {
  const target = specifier.startsWith('.') || path.isAbsolute(specifier) ? pathToFileURL(path.resolve(ctx.io.cwd, specifier)).href : specifier;
  let module: Record<string, unknown>;
  try {
    module = (await import(target)) as Record<string, unknown>;
  } catch (error) {
    throw new CliError({ code: 'cli.invalid_value', message: `--tools ${specifier}: ${(error as Error).message}`, key: 'error.invalidValue', params: { flag: '--tools', reason: (error as Error).message.split('\n')[0]! } });
  }
  const isTool = (v: unknown): v is ToolV1 => typeof v === 'object' && v !== null && (v as ToolV1).specificationVersion === INTERFACE_VERSIONS.tool && typeof (v as ToolV1).execute === 'function';
  const tools = Object.values(module).flatMap((v) => (Array.isArray(v) ? v.filter(isTool) : isTool(v) ? [v] : []));
  if (tools.length === 0) throw new CliError({ code: 'cli.invalid_value', message: `--tools ${specifier} exports no Warden tool`, key: 'error.invalidValue', params: { flag: '--tools', reason: 'the module exports no Warden tool (ToolV1)' } });
  return tools;
}


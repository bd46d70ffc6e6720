import type { GateMode } from '@warden/protocol/vocabulary';
import { createHarness, openSessionStore, parseStoreLocation, textRedactor } from '@warden/harness';
import { createOrchestrator, fleetAgents, harnessAgents, type OrchestratorEvent, type OrchestratorResult } from '@warden/orchestrator';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

interface OrchestrateOptions {
  maxConcurrency?: number;
  budgetUsd?: number;
  critics?: number;
  accept?: 'all' | 'majority';
  queue?: string;
  queueName?: string;
  workdir?: string;
  sessions?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  mode?: GateMode;
  yes?: boolean;
}

/**
 * `warden orchestrate "GOAL"`, `warden orchestrate resume JOB_ID`, `warden orchestrate status JOB_ID`:
 * one goal as an orchestrated job (@warden/orchestrator) — every agent a governed harness run on the
 * configured model, or with `--queue redis://…` a fleet job for `warden worker`s — checkpointed in
 * the workspace's session store, so a job resumes in any process.
 */
export async function orchestrateAction(ctx: CommandContext<OrchestrateOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [first, second, ...rest] = positionals;
  if (!first) throw missingArgument('warden orchestrate', 'GOAL');
  const control = first === 'resume' || first === 'status';
  if (control && !second) throw missingArgument(`warden orchestrate ${first}`, 'JOB_ID');
  const extra = control ? rest[0] : second;
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden orchestrate');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const store = await openSessionStore(parseStoreLocation(options.sessions ?? ctx.config.config.sessions, workdir));
  if (first === 'status') {
    // Reading where a job stands needs no model: no harness is made.
    try {
      const status = await createOrchestrator({ agents: () => Promise.resolve({ text: '', costUsd: 0 }), store }).job(second!);
      if (options.json) io.stdout.write(`${JSON.stringify({ type: 'orchestrator_status', ...status })}\n`);
      else io.stdout.write(`${t('orchestrate.status', { job: status.jobId, stage: status.stage, done: status.tasks.done, total: status.tasks.total, cost: status.costUsd.toFixed(4) })}\n`);
      return EXIT.done;
    } finally {
      await store.close?.();
    }
  }
  // --budget-usd is the whole job's budget here, not each run's.
  const { budgetUsd, ...harnessFlags } = options;
  const base = harnessOptionsFrom({ ...ctx, options: harnessFlags }, workdir);
  const harness = await createHarness({ ...base, sessions: store });
  const agents = options.queue ? fleetAgents({ connection: options.queue, ...(options.queueName ? { queue: options.queueName } : {}) }) : harnessAgents(harness);
  const started = Date.now();
  try {
    const boss = createOrchestrator({
      agents,
      store,
      tools: harness.tools.map((tool) => tool.name),
      mode: harness.mode,
      ...(harness.approver ? { approver: harness.approver } : {}),
      redact: textRedactor(io.env),
      ...(options.maxConcurrency !== undefined ? { maxConcurrency: options.maxConcurrency } : {}),
      ...(options.critics !== undefined ? { critics: options.critics } : {}),
      ...(options.accept ? { accept: options.accept } : {}),
      ...(budgetUsd !== undefined ? { budget: { maxUsd: budgetUsd } } : {}),
      onEvent: options.json ? (event) => io.stdout.write(`${JSON.stringify(event)}\n`) : progress(ctx, started),
    });
    const result = first === 'resume' ? await boss.resume(second!) : await boss.run(first);
    return finish(result);
  } finally {
    await agents.close();
    await harness.close();
    await store.close?.();
  }

  function finish(result: OrchestratorResult): number {
    if (options.json) io.stdout.write(`${JSON.stringify({ type: 'orchestrator_result', ...result })}\n`);
    else if (result.status === 'done') io.stdout.write(`${result.output}\n`);
    else io.stderr.write(`${t(result.status === 'stopped' ? 'orchestrate.stopped' : 'orchestrate.failed', { job: result.jobId, reason: result.stopReason, message: result.error?.message ?? '' })}\n`);
    if (!options.json) {
      for (const warning of result.warnings) io.stderr.write(`${ctx.style.yellow('!')} ${warning}\n`);
      io.stderr.write(`${t('orchestrate.jobId', { job: result.jobId, cost: result.costUsd.toFixed(4) })}\n`);
    }
    return result.status === 'done' ? EXIT.done : result.status === 'stopped' ? (result.stopReason === 'budget' || result.stopReason === 'max_subagents' ? EXIT.limit : EXIT.interrupted) : EXIT.error;
  }
}

/** A line per finished task with the time left (the mean time a task took so far, times what is left). */
function progress(ctx: CommandContext<OrchestrateOptions>, started: number): (event: OrchestratorEvent) => void {
  let total = 0;
  let done = 0;
  return (event) => {
    if (ctx.options.quiet) return;
    if (event.type === 'plan' || event.type === 'replan' || event.type === 'rework') total += Array.isArray(event.data?.tasks) ? event.data.tasks.length : Array.isArray(event.data?.replacedBy) ? (event.data.replacedBy as unknown[]).length : 0;
    if (event.type === 'task_end') {
      done += 1;
      const left = Math.max(0, total - done);
      const seconds = Math.round(((Date.now() - started) / done) * left / 1000);
      ctx.io.stderr.write(`${ctx.style.dim(ctx.t('orchestrate.progress', { task: event.task ?? '', message: event.message ?? '', done, total, seconds }))}\n`);
    }
    if (event.type === 'replan') ctx.io.stderr.write(`${ctx.style.dim(`↻ ${event.task ?? ''}: ${event.message ?? ''}`)}\n`);
    if (event.type === 'review') ctx.io.stderr.write(`${ctx.style.dim(`⚖ ${event.message ?? ''}`)}\n`);
  };
}

import path from 'node:path';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT, exitCodeForStop } from '../cli/exit-codes.js';
import type { RunCommandOptions } from './run-options.js';
import { createHarness, type HarnessOptions } from '@warden/harness';
import { attachKnowledge } from './knowledge-attach.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { openRunSandbox } from './run-sandbox.js';
import { blueprintRunOptions } from './blueprint-run.js';
import { describeScope } from '../render/event-renderer.js';
import { driveRun, eventSink } from './drive-run.js';
import { refusalTracker } from './refusals.js';
import { sessionReference } from './session-reference.js';
import { keylessUrl, recordWorkspace, type SessionWorkspace } from './session-workspace.js';
import { checkRequestedStore } from './requested-store.js';
import { reportHarnessWarnings } from './harness-warnings.js';

/** Core's warnings that the session store failed: fatal when the store was asked for by name. */
const STORE_WARNINGS = new Set(['core.session_unavailable', 'core.session_write_failed']);
import { useSessionWorkspace } from './use-session-workspace.js';
import { namedResumeTarget } from './resume-target.js';
import { withStdinTask } from './stdin-task.js';
import { taskLabel } from './task-label.js';
import { assertAuditWritable, assertStoreWritable } from './writable-check.js';
import { listSessions } from './sessions-list.js';
import { startOtelExport } from './otel-export.js';

/**
 * The provider, model and base URL a run used, as options a later run can be given: the provider
 * as it was named (one resolved from the environment resolves the same way again), the model the
 * run started with, the URL without any credential.
 */
function ranModel(options: HarnessOptions, started: { provider: string; model: string } | undefined): Partial<SessionWorkspace> {
  const provider = typeof options.provider === 'string' ? options.provider : undefined;
  const model = options.model ?? started?.model;
  const baseUrl = options.baseUrl ? keylessUrl(options.baseUrl) : undefined;
  return { ...(provider ? { provider } : {}), ...(model ? { model } : {}), ...(baseUrl ? { baseUrl } : {}) };
}

/** `warden run` / `warden --prompt`: headless (no approver unless --yes), or the REPL when there is no task and a terminal. */
export async function runAction(ctx: CommandContext<RunCommandOptions>): Promise<number> {
  const workdir = resolveWorkdir(ctx.io.cwd, ctx.options.workdir);
  const fromFile = await blueprintRunOptions(ctx, harnessOptionsFrom(ctx, workdir));
  const harnessOptions = fromFile?.options ?? harnessOptionsFrom(ctx, workdir);
  const agentVersion = fromFile?.agentVersion;
  const tracing = harnessOptions.tracing;
  if (!ctx.options.otel && !tracing) return runWith(ctx, harnessOptions, agentVersion);
  // --otel (or `tracing` in the config): spans of every run go to the OTLP endpoint of the standard variables.
  const otel = await startOtelExport(ctx.io.env);
  harnessOptions.tracing = { ...(typeof tracing === 'object' ? tracing : {}), tracerProvider: otel.tracerProvider };
  try {
    return await runWith(ctx, harnessOptions, agentVersion);
  } finally {
    await otel.shutdown();
  }
}

async function runWith(ctx: CommandContext<RunCommandOptions>, harnessOptions: HarnessOptions, agentVersion?: string): Promise<number> {
  const { options, io } = ctx;
  let positionals = await withStdinTask(io, ctx.positionals, options.prompt !== undefined);
  let sessionId: string | undefined;
  // `--resume ID`: the word names the session to resume, not a task for the newest one.
  const named = await namedResumeTarget({ ...ctx, positionals }, harnessOptions);
  if (named) positionals = [];
  const ref = options.session ? sessionReference(options.session, io.cwd) : named;
  if (ref) {
    if (ref.dir) harnessOptions.sessions = ref.dir;
    // A continued session runs in the workspace (and audit trail) it was recorded with.
    sessionId = await useSessionWorkspace(ctx, harnessOptions, ref);
  }
  if (options.listSessions) return listSessions(ctx, harnessOptions);
  // A store asked for by name must work: fail before the run rather than run unstored.
  const requestedStore = typeof harnessOptions.sessions === 'string' ? harnessOptions.sessions : undefined;
  await checkRequestedStore(harnessOptions, ctx.t);
  const task = options.prompt ?? (positionals.length > 0 ? positionals.join(' ') : undefined);
  const resume = options.resume === true || options.continue === true;
  const interactive = io.stdin.isTTY === true && io.stdout.isTTY && !options.json;
  // No task on a terminal: the interactive session, showing the conversation it continues (as `claude -c`).
  if (task === undefined && interactive && !options.explainScope) {
    const { startRepl } = await import('../repl/repl.js');
    return startRepl(ctx, harnessOptions, { ...(sessionId ? { sessionId } : {}), latest: resume && !sessionId });
  }
  if (task === undefined && !resume && !sessionId) {
    throw new CliError({
      code: 'cli.missing_argument',
      message: 'warden run needs a task',
      key: 'error.missingArgument',
      params: { command: 'warden run', what: 'TASK' },
      hintKey: 'hint.giveTask',
    });
  }
  if (options.attach?.length && task === undefined) {
    throw new CliError({ code: 'cli.missing_argument', message: '--attach needs a task', key: 'error.missingArgument', params: { command: 'warden run --attach FILE', what: 'TASK' }, hintKey: 'hint.giveTask' });
  }
  assertStoreWritable(harnessOptions);
  const knowledge = options.knowledge ? attachKnowledge(harnessOptions, options.knowledge, io.cwd, io.env) : undefined;
  // --sandbox ssh://… (or the kept sandbox of the resumed session): commands run there.
  const runSandbox = await openRunSandbox(ctx, harnessOptions, sessionId);
  if (runSandbox) harnessOptions.sandbox = runSandbox.sandbox;
  let harness: Awaited<ReturnType<typeof createHarness>>;
  try {
    harness = await createHarness(harnessOptions);
  } catch (error) {
    await runSandbox?.finish();
    await knowledge?.close();
    throw error;
  }
  reportHarnessWarnings(ctx, harness);
  try {
    if (resume && !sessionId) {
      sessionId = await harness.latestSessionId();
      if (!sessionId) {
        throw new CliError({ code: 'cli.invalid_value', message: `there is no session to resume in ${harness.storeName}`, key: 'error.noSessionToResume', params: { store: harness.storeName }, hintKey: 'hint.giveTask' });
      }
    }
    if (sessionId) harness = await harness.with({ sessionId });
    const ran = harness;
    if (options.explainScope) {
      if (task === undefined) throw new CliError({ code: 'cli.missing_argument', message: '--explain-scope needs a task', key: 'error.missingArgument', params: { command: 'warden run --explain-scope', what: 'TASK' }, hintKey: 'hint.giveTask' });
      const scope = harness.explainScope(task);
      io.stdout.write(options.json ? `${JSON.stringify({ type: 'scope', scope })}\n` : `${describeScope(scope, ctx.t)}\n`);
      return EXIT.done;
    }
    // Nothing runs unless the run can be recorded: the store and the audit trail are checked first.
    assertAuditWritable(ran);
    const { sink, flush } = eventSink(ctx);
    const tracker = refusalTracker();
    const controller = new AbortController();
    ctx.signal.addEventListener('abort', () => controller.abort(ctx.signal.reason), { once: true });
    const signal = controller.signal;
    const label = taskLabel(task);
    // The first Ctrl-C drains the run (the step in flight finishes and is recorded), the second aborts it.
    const stopSignal = ctx.stopSignal;
    const version = agentVersion !== undefined ? { agentVersion } : {};
    const attachments = attachedFiles(options.attach, options.attachForce === true, io.cwd);
    const events = task === undefined ? harness.agent.resumeStream(sessionId!, { signal, stopSignal, ...version }) : harness.agent.stream(task, { signal, stopSignal, ...(label ? { label } : {}), ...version, ...(attachments ? { attachments } : {}) });
    let ranSession = sessionId;
    let storeFailure: string | undefined;
    let started: { provider: string; model: string } | undefined;
    const stop = await driveRun(events, (event) => {
      if (event.type === 'run_start') {
        if (event.sessionId) ranSession = event.sessionId;
        started = { provider: event.provider, model: event.model };
      }
      if (requestedStore && event.type === 'warning' && STORE_WARNINGS.has(event.code) && !storeFailure) {
        storeFailure = event.message;
        controller.abort();
      }
      tracker.observe(event);
      sink(event);
    }).finally(flush);
    if (storeFailure) {
      io.stderr.write(`${ctx.style.red(ctx.t('error.sessionStoreFailedMidRun', { message: storeFailure }))}\n`);
      return EXIT.error;
    }
    const kept = (await runSandbox?.finish()) ?? {};
    if (ranSession) await recordWorkspace(ran.store, ranSession, { workdir: ran.workdir, ...(ran.auditFile ? { auditFile: ran.auditFile } : {}), ...ranModel(harnessOptions, started), ...kept });
    // A headless run whose requested change was refused for want of a person did not do its job.
    if (stop === 'done' && tracker.refusals.length > 0) return EXIT.approval;
    return exitCodeForStop(stop);
  } finally {
    await harness.close();
    await runSandbox?.finish();
    await knowledge?.close();
  }
}

/** `--attach FILE…`: paths as the user typed them, from where the user is (not the workspace); `--attach-force` sends protected ones. */
function attachedFiles(files: readonly string[] | undefined, force: boolean, cwd: string): Array<{ path: string; force: boolean }> | undefined {
  if (!files || files.length === 0) return undefined;
  return files.map((file) => ({ path: path.resolve(cwd, file), force }));
}

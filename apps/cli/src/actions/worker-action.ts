import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createWorker, type CreateWorkerOptions, type WorkerEvent, type WorkerHarness } from '@warden/fleet';
import type { HarnessConfig } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { WorkerOptions } from './worker-options.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';
import { CliError } from '../cli/cli-error.js';

/** What a `--setup` module may add: tools, hooks, more named configurations. */
type SetupModule = { default?: (workdir: string) => Partial<WorkerHarness['options']> & { configs?: WorkerHarness['configs'] } | Promise<Partial<WorkerHarness['options']> & { configs?: WorkerHarness['configs'] }> };

/** `warden worker --queue redis://… [--concurrency N]`: runs fleet jobs until SIGTERM (drained) or Ctrl-C. */
export async function workerAction(ctx: CommandContext<WorkerOptions>): Promise<number> {
  const { io, t, options, positionals, config } = ctx;
  if (positionals[0] !== undefined) throw unexpectedArgument(positionals[0], 'warden worker');
  if (!options.queue) throw missingArgument('warden worker', '--queue redis://…');
  const file = config.config;
  const sessions = options.sessions ?? file.sessions;
  if (!sessions || !/^(postgres(ql)?|mysql|mariadb|rediss?):\/\//i.test(sessions)) {
    throw new CliError({ code: 'cli.invalid_value', message: '--sessions must be postgres://…, mysql://… or redis://… for a fleet', key: 'error.invalidValue', params: { flag: '--sessions', reason: t('worker.sharedStore') } });
  }
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const base: HarnessConfig = { mode: options.mode ?? file.mode ?? 'safe', streaming: false };
  const provider = options.provider ?? file.provider;
  const model = options.model ?? file.model;
  const baseUrl = options.baseUrl ?? file.baseUrl;
  if (provider) base.provider = provider;
  if (model) base.model = model;
  if (baseUrl) base.baseUrl = baseUrl;
  if (file.maxTurns) base.maxTurns = file.maxTurns;
  if (file.system) base.instructions = file.system;
  let extra: Awaited<ReturnType<NonNullable<SetupModule['default']>>> = {};
  if (options.setup) {
    const loaded = (await import(pathToFileURL(path.resolve(io.cwd, options.setup)).href)) as SetupModule;
    extra = (await loaded.default?.(workdir)) ?? {};
  }
  const { configs: setupConfigs, ...programOptions } = extra;
  const [max, durationMs] = (options.rate ?? '').split('/').map(Number);
  const say = (event: WorkerEvent): void => {
    if (event.type === 'job_started' && event.jobId) io.stderr.write(`${t('worker.jobStarted', { id: event.jobId })}\n`);
    if (event.type === 'job_completed' && event.jobId) io.stderr.write(`${t('worker.jobDone', { id: event.jobId, status: event.result?.status ?? '' })}\n`);
    if (event.type === 'job_failed' && event.jobId) io.stderr.write(`${t('worker.jobFailed', { id: event.jobId, message: event.error?.message ?? '' })}\n`);
    if (event.type === 'job_released' && event.jobId) io.stderr.write(`${t('worker.jobReleased', { id: event.jobId })}\n`);
    if (event.type === 'draining') io.stderr.write(`${t('worker.draining')}\n`);
    if (event.type === 'connection_lost') io.stderr.write(`${t('worker.connectionLost', { reason: event.error?.message ?? '' })}\n`);
    if (event.type === 'connection_restored') io.stderr.write(`${t('worker.connectionRestored')}\n`);
  };
  const workerOptions: CreateWorkerOptions = {
    connection: options.queue,
    ...(options.queueName ? { queue: options.queueName } : {}),
    ...(options.prefix ? { prefix: options.prefix } : {}),
    concurrency: options.concurrency ?? 1,
    ...(options.name ? { name: options.name } : {}),
    ...(options.onInterrupted ? { onInterrupted: options.onInterrupted } : {}),
    ...(max && durationMs ? { rateLimits: { '*': { max, durationMs } } } : {}),
    ...(options.lockSeconds ? { lockDurationMs: Math.round(options.lockSeconds * 1000) } : {}),
    ...(options.stalledSeconds ? { stalledIntervalMs: Math.round(options.stalledSeconds * 1000) } : {}),
    ...(options.leaseSeconds ? { leaseTtlMs: Math.round(options.leaseSeconds * 1000) } : {}),
    harness: {
      sessions,
      ...(options.approvals ? { approvals: options.approvals } : {}),
      workdir,
      configs: { default: base, ...(setupConfigs ?? {}) },
      options: { env: io.env, ...programOptions },
    },
    onEvent: say,
  };
  const worker = await createWorker(workerOptions);
  io.stderr.write(`${t('worker.ready', { name: worker.name, concurrency: options.concurrency ?? 1 })}\n`);
  const deadline = (options.drainSeconds ?? 30) * 1000;
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGTERM', stop);
    ctx.signal.addEventListener('abort', stop, { once: true });
  });
  await worker.drain(ctx.signal.aborted ? 0 : deadline);
  return ctx.signal.aborted ? EXIT.interrupted : EXIT.done;
}

import { hostname } from 'node:os';
import { createHarness, type Harness, type HarnessConfig, type HarnessOptions } from '@warden/harness';
import { createRedactor } from '@warden/governance';
import type { ApprovalStoreV1, SessionStoreV1 } from '@warden/protocol';
import { openApprovalStore, openSessionStore } from '@warden/sessions';
import { DelayedError, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { names, redisClient } from './connection.js';
import { failureMessage, fleetError } from './coded-errors.js';
import { FleetError } from './fleet-error.js';
import { readJobData, type FleetJobData } from './fleet-job.js';
import { cancelChannel, fleetKey } from './fleet-queue.js';
import type { FleetResult } from './fleet-result.js';
import { rateLimitHook } from './rate-limit.js';
import { runJob } from './run-job.js';
import { acquireLease } from './session-lease.js';
import { fleetOptions } from './fleet-options.js';
import { CREATE_WORKER_KEYS, WORKER_HARNESS_KEYS, type CreateWorkerOptions, type WorkerEvent } from './worker-options.js';

export interface FleetWorker {
  readonly name: string;
  /** Jobs running now. */
  running(): number;
  /**
   * Graceful shutdown (what SIGTERM should call): stop taking jobs and drain the running ones — each
   * run finishes the step in flight, records it and stops (`stopReason: 'stopped'`); a run still going
   * at `deadlineMs` is aborted. Both are put back in the queue for another worker, which resumes them
   * from their sessions; a run whose step in flight was its final answer completes.
   */
  drain(deadlineMs: number): Promise<void>;
  /** Stops at once (running jobs are aborted and released). */
  close(): Promise<void>;
}

type Stop = 'cancel' | 'timeout' | 'shutdown' | 'lease_lost';

/** A dead worker's job is taken over within lock + stall interval: 12 s by default (issue 41: ≤ 15 s). */
export const DEFAULT_LOCK_MS = 8_000;
export const DEFAULT_STALLED_MS = 4_000;

function errorOf(error: unknown): { code: string; message: string } {
  if (FleetError.isInstance(error)) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const code = /^(fleet\.[a-z_]+):/.exec(message)?.[1] ?? (typeof (error as { code?: unknown })?.code === 'string' ? String((error as { code: string }).code) : 'internal.unexpected');
  return { code, message };
}

/**
 * A fleet worker: pulls jobs from the BullMQ queue and runs each through `createHarness`, with
 * sessions and durable approvals in PostgreSQL or Redis. One session has one writer at a time (a
 * Redis lease); a job taken over from a dead worker resumes its session; a call that started and
 * has no result is never re-run blindly; cancellation (`cancel(jobId)` from any machine) and
 * per-job timeouts abort the running harness.
 */
/**
 * One line per Redis outage and one per recovery, however many clients and reconnect attempts there
 * are: every client gets an error listener (without one, ioredis prints a stack trace per retry).
 */
function watchConnection(clients: Redis[], emit: (event: WorkerEvent) => void): void {
  let down = false;
  for (const client of clients) {
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      emit({ type: 'connection_lost', error: { code: String((error as { code?: unknown }).code ?? 'redis'), message: error.message } });
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      emit({ type: 'connection_restored' });
    });
  }
}

export async function createWorker(given: CreateWorkerOptions): Promise<FleetWorker> {
  const options = fleetOptions('createWorker', CREATE_WORKER_KEYS, given);
  if (typeof options.harness !== 'object' || options.harness === null) throw fleetError('fleet.invalid_options', 'createWorker: the harness option is required', 'Pass harness: { sessions, workdir, … }.');
  fleetOptions('createWorker harness', WORKER_HARNESS_KEYS, options.harness);
  const { queue: queueName, prefix } = names(options);
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const env = options.env ?? options.harness.options?.env ?? process.env;
  const redactor = createRedactor({ env });
  const emit = (event: WorkerEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // a listener's failure is not the job's
    }
  };
  const redis = redisClient(options.connection);
  const subscriber = redisClient(options.connection);
  const workerConnection = redisClient(options.connection);
  watchConnection([redis, subscriber, workerConnection], (event) => emit(event));
  const store: SessionStoreV1 & { close?(): Promise<void> } = await openSessionStore(options.harness.sessions);
  const approvalStore: ApprovalStoreV1 & { close?(): Promise<void> } = await openApprovalStore(options.harness.approvals ?? options.harness.sessions);
  const lockDuration = options.lockDurationMs ?? DEFAULT_LOCK_MS;
  // The lease follows the job lock: it lapses when the lock does, so a stalled job's new worker finds it free.
  const leaseTtl = options.leaseTtlMs ?? lockDuration;
  const leaseWait = options.leaseWaitMs ?? leaseTtl + 2_000;
  const controllers = new Map<string, { controller: AbortController; drain: AbortController; stop?: Stop }>();
  const bases = new Map<string, Promise<Harness>>();

  function configFor(data: FleetJobData): HarnessConfig {
    if (typeof data.config === 'string') {
      const named = options.harness.configs?.[data.config];
      if (!named && data.config !== 'default') throw fleetError('fleet.unknown_config', `this worker knows no configuration ${JSON.stringify(data.config)}`, `Known: ${Object.keys(options.harness.configs ?? {}).join(', ') || '(none)'}; start the worker with the configuration, or name another.`);
      return named ?? {};
    }
    if (options.harness.inline === false) throw fleetError('fleet.inline_refused', 'this worker does not accept inline configurations', 'Name a configuration the worker knows.');
    if (data.config.mcpServers && options.harness.inline !== 'with-mcp') throw fleetError('fleet.inline_refused', 'an inline configuration may not start MCP servers on this worker', "Name a configuration the worker knows, or start the worker with inline: 'with-mcp'.");
    // An inline configuration changes the worker's `default` one (its provider, model, endpoint).
    return { ...(options.harness.configs?.default ?? {}), ...data.config };
  }

  function harnessOptions(config: HarnessConfig): HarnessOptions {
    const { $schema: _schema, sessions: _s, approvals: _a, workdir: _w, audit, ...rest } = config;
    return {
      ...rest,
      ...options.harness.options,
      workdir: options.harness.workdir,
      sessions: store,
      approvals: approvalStore,
      approver: config.approver ?? 'durable',
      // One audit chain per worker process: two processes appending to one file would break it.
      audit: audit === false ? false : { file: audit?.file ?? `.warden/fleet/audit-${name.replace(/[^A-Za-z0-9._-]/g, '_')}.jsonl`, ...(audit?.keyEnv ? { keyEnv: audit.keyEnv } : {}) },
      ...(options.harness.options?.env ? {} : { env: process.env }),
    };
  }

  async function harnessFor(data: FleetJobData): Promise<{ base: Harness; owned: boolean }> {
    const config = configFor(data);
    if (typeof data.config !== 'string') return { base: await createHarness(harnessOptions(config)), owned: true };
    let base = bases.get(data.config);
    if (!base) {
      base = createHarness(harnessOptions(config));
      bases.set(data.config, base);
      base.catch(() => bases.delete(data.config as string));
    }
    return { base: await base, owned: false };
  }

  async function processJob(job: Job, token: string | undefined, bullSignal: AbortSignal | undefined): Promise<FleetResult> {
    const jobId = job.id!;
    let data: FleetJobData;
    try {
      data = readJobData(job.data);
    } catch (error) {
      throw new UnrecoverableError(failureMessage('fleet.invalid_job', errorOf(error).message));
    }
    if ((await redis.exists(fleetKey(prefix, queueName, 'cancelled', jobId))) === 1) throw new UnrecoverableError(failureMessage('fleet.cancelled', `job ${jobId} was cancelled before it started`));
    // `drain` stops the run gracefully (the step in flight finishes); `controller` aborts it.
    const entry: { controller: AbortController; drain: AbortController; stop?: Stop } = { controller: new AbortController(), drain: new AbortController() };
    if (closing) entry.drain.abort();
    controllers.set(jobId, entry);
    const stop = (why: Stop): void => {
      entry.stop ??= why;
      entry.controller.abort(new Error(why));
    };
    bullSignal?.addEventListener('abort', () => stop(closing ? 'shutdown' : 'cancel'), { once: true });
    const timer = data.timeoutMs ? setTimeout(() => stop('timeout'), data.timeoutMs) : undefined;
    const signal = entry.controller.signal;
    let owned: Harness | undefined;
    // An attempt that loses its lease (its worker stalled past the lease) stops at once rather than
    // write beside another. Waiting for a dead worker's lease here, rather than delaying the job and
    // picking it again, keeps BullMQ's attemptsStarted at one per real takeover.
    const lease = await acquireLease(redis, `${prefix}:fleet-lease:${data.sessionId}`, `${name}:${jobId}:${Date.now()}`, leaseTtl, leaseWait, signal, () => stop('lease_lost'));
    try {
      if (!lease) {
        if (entry.stop === 'lease_lost') throw new Error(failureMessage('fleet.run_failed', `job ${jobId} lost its session lease (this worker stalled); the attempt stopped and the job resumes elsewhere`));
      if (entry.stop) throw new UnrecoverableError(failureMessage(entry.stop === 'timeout' ? 'fleet.timeout' : 'fleet.cancelled', `job ${jobId} stopped while it waited for its session`));
        // Another job holds the session (a resume racing this one): come back shortly.
        await job.moveToDelayed(Date.now() + 500, token);
        throw new DelayedError();
      }
      emit({ type: 'job_started', jobId });
      const { base, owned: isOwned } = await harnessFor(data);
      if (isOwned) owned = base;
      const provider = base.provider.id;
      const limit = options.rateLimits?.[provider] ?? options.rateLimits?.['*'];
      const hooks = [...(options.harness.options?.hooks ?? []), ...(limit ? [rateLimitHook(redis, () => fleetKey(prefix, queueName, 'rate', provider), limit, () => signal)] : [])];
      const harness = await base.with({ sessionId: data.sessionId, ...(data.owner ? { owner: data.owner } : {}), ...(data.budget ? { budget: data.budget } : {}), hooks });
      const result = await runJob({
        jobId,
        data,
        harness,
        worker: name,
        claimer: `${name}:${jobId}`,
        onInterrupted: options.onInterrupted ?? 'fail',
        signal,
        stopSignal: entry.drain.signal,
        progress: (progress) => {
          const clean = redactor.redactJson(progress);
          emit({ type: 'job_progress', jobId, progress: clean });
          job.updateProgress(clean as never).catch(() => undefined);
        },
      });
      // A run drained or aborted by the shutdown is handed back; one that finished its task within the step completes.
      if (entry.stop === 'shutdown' && (result.stopReason === 'stopped' || result.stopReason === 'aborted')) {
        await job.moveToWait(token);
        emit({ type: 'job_released', jobId });
        throw new WaitingError();
      }
      if (entry.stop === 'lease_lost') throw new Error(failureMessage('fleet.run_failed', `job ${jobId} lost its session lease (this worker stalled); the attempt stopped and the job resumes elsewhere`));
      if (entry.stop) throw new UnrecoverableError(
          failureMessage(entry.stop === 'timeout' ? 'fleet.timeout' : 'fleet.cancelled', `job ${jobId} was ${entry.stop === 'timeout' ? `stopped after ${data.timeoutMs} ms` : 'cancelled'} (session ${data.sessionId} keeps what it did)`),
        );
      const clean = redactor.redactJson(result);
      emit({ type: 'job_completed', jobId, result: clean });
      return clean;
    } catch (error) {
      if (error instanceof DelayedError || error instanceof WaitingError) throw error;
      const shown = errorOf(error);
      const message = redactor.redact(shown.message.startsWith(`${shown.code}:`) ? shown.message : `${shown.code}: ${shown.message}`);
      emit({ type: 'job_failed', jobId, error: { code: shown.code, message } });
      if (error instanceof UnrecoverableError) throw new UnrecoverableError(message);
      // Typed fleet errors are about the job, not the moment: retrying would fail the same way.
      if (FleetError.isInstance(error) && error.code !== 'fleet.run_failed') throw new UnrecoverableError(message);
      throw new Error(message, { cause: error });
    } finally {
      if (timer) clearTimeout(timer);
      controllers.delete(jobId);
      await lease?.release();
      await owned?.close().catch(() => undefined);
    }
  }

  let closing = false;
  const worker = new Worker(queueName, processJob, {
    connection: workerConnection,
    prefix,
    name,
    concurrency: options.concurrency ?? 1,
    lockDuration,
    stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_MS,
    maxStalledCount: options.maxStalledCount ?? 5,
    ...(options.limiter ? { limiter: { max: options.limiter.max, duration: options.limiter.durationMs } } : {}),
    autorun: false,
  });
  worker.on('error', () => undefined);
  await subscriber.subscribe(cancelChannel(prefix, queueName));
  subscriber.on('message', (_channel: string, jobId: string) => {
    const entry = controllers.get(jobId);
    if (entry) {
      entry.stop ??= 'cancel';
      entry.controller.abort(new Error('cancel'));
    }
  });
  void worker.run().catch(() => undefined);
  await worker.waitUntilReady();

  let closed: Promise<void> | undefined;
  async function shutdown(deadlineMs: number): Promise<void> {
    closing = true;
    emit({ type: 'draining' });
    // Drain first: every running job finishes the step in flight and stops (`stopReason: 'stopped'`);
    // what is still running at the deadline is aborted. Both are handed back for another worker.
    for (const entry of controllers.values()) {
      entry.stop ??= 'shutdown';
      entry.drain.abort();
    }
    const finished = worker.close();
    const timer = setTimeout(() => {
      for (const entry of controllers.values()) {
        entry.stop ??= 'shutdown';
        entry.controller.abort(new Error('shutdown'));
      }
    }, deadlineMs);
    try {
      await finished;
    } finally {
      clearTimeout(timer);
    }
    for (const base of bases.values()) await (await base.catch(() => undefined))?.close().catch(() => undefined);
    subscriber.disconnect();
    redis.disconnect();
    workerConnection.disconnect();
    await store.close?.();
    await approvalStore.close?.();
    emit({ type: 'closed' });
  }

  return {
    name,
    running: () => controllers.size,
    drain: (deadlineMs) => (closed ??= shutdown(deadlineMs)),
    close: () => (closed ??= shutdown(0)),
  };
}

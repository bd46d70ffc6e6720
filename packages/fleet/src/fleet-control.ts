import { randomUUID } from 'node:crypto';
import type { OptionKeys } from '@warden/protocol';
import type { Job } from 'bullmq';
import type { QueueConnection } from './connection.js';
import { fleetError } from './coded-errors.js';
import { readJobData, type FleetJobData } from './fleet-job.js';
import { cancelChannel, fleetKey, openQueue } from './fleet-queue.js';
import { fleetOptions, QUEUE_CONNECTION_KEYS } from './fleet-options.js';
import type { FleetProgress, FleetResult } from './fleet-result.js';

export type FleetJobState = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed' | 'parked' | 'unknown';

export interface FleetJobStatus {
  id: string;
  state: FleetJobState;
  sessionId?: string;
  /** How many times a worker started it (a crash and a take-over count). */
  attemptsStarted: number;
  progress?: FleetProgress;
  result?: FleetResult;
  /** `code: message` of a failed job. */
  failedReason?: string;
  worker?: string;
}

type StatusOptions = QueueConnection & { limit?: number };
type RetryOptions = QueueConnection & { acceptInterrupted?: boolean };
const STATUS_KEYS = { ...QUEUE_CONNECTION_KEYS, limit: true } as const satisfies OptionKeys<StatusOptions>;
const RETRY_KEYS = { ...QUEUE_CONNECTION_KEYS, acceptInterrupted: true } as const satisfies OptionKeys<RetryOptions>;

function stateOf(raw: string, result: FleetResult | undefined): FleetJobState {
  if (raw === 'completed' && result?.status === 'parked') return 'parked';
  if (raw === 'wait' || raw === 'waiting' || raw === 'prioritized' || raw === 'waiting-children') return 'waiting';
  return (['active', 'delayed', 'completed', 'failed'] as const).find((s) => s === raw) ?? 'unknown';
}

async function statusOf(job: Job): Promise<FleetJobStatus> {
  const raw = await job.getState();
  const result = (job.returnvalue ?? undefined) as FleetResult | undefined;
  const data = job.data as Partial<FleetJobData> | undefined;
  const progress = typeof job.progress === 'object' && job.progress !== null ? (job.progress as unknown as FleetProgress) : undefined;
  return {
    id: job.id!,
    state: stateOf(String(raw), result),
    ...(data?.sessionId ? { sessionId: data.sessionId } : {}),
    attemptsStarted: job.attemptsStarted ?? job.attemptsMade ?? 0,
    ...(progress ? { progress } : {}),
    ...(result ? { result } : {}),
    ...(job.failedReason ? { failedReason: job.failedReason } : {}),
    ...(job.processedBy ? { worker: job.processedBy } : {}),
  };
}

/** The state of jobs by id (missing ones are `unknown`), or of the newest `limit` jobs of the queue. */
export async function status(ids: readonly string[] | undefined, given: StatusOptions): Promise<FleetJobStatus[]> {
  const options = fleetOptions('status', STATUS_KEYS, given);
  const open = openQueue(options);
  try {
    if (ids && ids.length > 0) {
      const jobs = await Promise.all(ids.map((id) => open.queue.getJob(id)));
      return Promise.all(jobs.map((job, i) => (job ? statusOf(job) : Promise.resolve({ id: ids[i]!, state: 'unknown' as const, attemptsStarted: 0 }))));
    }
    const jobs = await open.queue.getJobs(['active', 'waiting', 'delayed', 'completed', 'failed', 'prioritized'], 0, (options.limit ?? 50) - 1, false);
    return Promise.all(jobs.filter((job): job is Job => job !== undefined).map(statusOf));
  } finally {
    await open.close();
  }
}

/**
 * Cancels a job from any machine: a flag in Redis that a worker checks before it starts the job,
 * and a message every worker hears, so the one running it aborts the harness (the session keeps
 * what the run did). Answers the state the job was in.
 */
export async function cancel(id: string, options: QueueConnection): Promise<FleetJobState> {
  const open = openQueue(fleetOptions('cancel', QUEUE_CONNECTION_KEYS, options));
  try {
    const job = await open.queue.getJob(id);
    if (!job) throw fleetError('fleet.job_not_found', `no job ${JSON.stringify(id)} in queue ${open.name}`, '`warden fleet status --queue …` lists the jobs.');
    const state = stateOf(String(await job.getState()), job.returnvalue as FleetResult | undefined);
    await open.redis.set(fleetKey(open.prefix, open.name, 'cancelled', id), '1', 'EX', 7 * 24 * 3600);
    await open.redis.publish(cancelChannel(open.prefix, open.name), id);
    return state;
  } finally {
    await open.close();
  }
}

/**
 * Runs a failed or parked job again; the worker that takes it resumes its session. With
 * `acceptInterrupted`, a person accepts that calls which started and have no result are handed to
 * the model as "interrupted" (they are still never re-run by the worker).
 */
export async function retry(id: string, given: RetryOptions): Promise<void> {
  const options = fleetOptions('retry', RETRY_KEYS, given);
  const open = openQueue(options);
  try {
    const job = await open.queue.getJob(id);
    if (!job) throw fleetError('fleet.job_not_found', `no job ${JSON.stringify(id)} in queue ${open.name}`, '`warden fleet status --queue …` lists the jobs.');
    const state = stateOf(String(await job.getState()), job.returnvalue as FleetResult | undefined);
    if (state !== 'failed' && state !== 'parked') throw fleetError('fleet.not_retryable', `job ${id} is ${state}`, 'Only failed and parked jobs can be retried.');
    if (options.acceptInterrupted) await job.updateData({ ...readJobData(job.data), acceptInterrupted: true });
    await open.redis.del(fleetKey(open.prefix, open.name, 'cancelled', id));
    await job.retry(state === 'failed' ? 'failed' : 'completed');
  } finally {
    await open.close();
  }
}

/**
 * Queues a resumer for a parked job: a new job on the same session (and owner). Several resumers
 * may race (from several machines): one session writer at a time, and each durable approval is
 * claimed exactly once, so the approved call runs once and the others finish `claimed` or find
 * the run done. Answers the new job's id.
 */
export async function resume(id: string, options: QueueConnection): Promise<string> {
  const open = openQueue(fleetOptions('resume', QUEUE_CONNECTION_KEYS, options));
  try {
    const job = await open.queue.getJob(id);
    if (!job) throw fleetError('fleet.job_not_found', `no job ${JSON.stringify(id)} in queue ${open.name}`, '`warden fleet status --queue …` lists the jobs.');
    const data = readJobData(job.data);
    const resumer = `${id}.resume-${randomUUID().slice(0, 8)}`;
    await open.queue.add(job.name, { ...data, resumeOf: data.resumeOf ?? id }, { jobId: resumer, attempts: 1, removeOnComplete: false, removeOnFail: false });
    return resumer;
  } finally {
    await open.close();
  }
}

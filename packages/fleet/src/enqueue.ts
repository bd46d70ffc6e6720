import { activeTraceContext } from '@warden/harness';
import type { OptionKeys } from '@warden/protocol';
import { names, type QueueConnection } from './connection.js';
import { fleetOptions, QUEUE_CONNECTION_KEYS } from './fleet-options.js';
import { openQueue } from './fleet-queue.js';
import { prepareJobs, type FleetJob } from './fleet-job.js';

export interface EnqueueOptions extends QueueConnection {
  /** The environment whose secret values the redactor removes from job data (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** How many times BullMQ starts a job that failed with an ordinary error (default 1: no retry). Crashes are counted by the worker's `maxStalledCount`. */
  attempts?: number;
  /** Carry the caller's active OpenTelemetry span to each job without its own `traceContext` (default true; nothing happens without `@opentelemetry/api`). */
  propagateTrace?: boolean;
}

const ENQUEUE_KEYS = { ...QUEUE_CONNECTION_KEYS, env: true, attempts: true, propagateTrace: true } as const satisfies OptionKeys<EnqueueOptions>;

export interface EnqueueReceipt {
  id: string;
  sessionId: string;
  /** True when a job with this id was already in the queue: nothing was added. */
  duplicate: boolean;
  /** True when the redactor removed a secret from the task or configuration. */
  redacted: boolean;
}

/**
 * Validates every job (all problems at once, before anything is queued), then adds them to the
 * BullMQ queue in order. Idempotent by job id: a job whose id is already in the queue (waiting,
 * running, finished or failed and kept) is not added again.
 */
export async function enqueue(jobs: readonly FleetJob[], given: EnqueueOptions): Promise<EnqueueReceipt[]> {
  const options = fleetOptions('enqueue', ENQUEUE_KEYS, given);
  const trace = options.propagateTrace === false ? undefined : await activeTraceContext();
  const traced = trace && Array.isArray(jobs) ? jobs.map((job) => (job && typeof job === 'object' && !job.traceContext ? { ...job, traceContext: trace } : job)) : jobs;
  const prepared = prepareJobs(traced, names(options).queue, options.env);
  const open = openQueue(options);
  try {
    const existing = await Promise.all(prepared.map((job) => open.queue.getJob(job.id)));
    await open.queue.addBulk(
      prepared.map((job) => ({
        name: job.name,
        data: job.data,
        opts: { jobId: job.id, attempts: options.attempts ?? 1, removeOnComplete: false, removeOnFail: false },
      })),
    );
    return prepared.map((job, i) => ({ id: job.id, sessionId: job.data.sessionId, duplicate: existing[i] !== undefined, redacted: job.redacted }));
  } finally {
    await open.close();
  }
}

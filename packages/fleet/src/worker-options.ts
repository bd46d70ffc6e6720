import type { HarnessConfig, HarnessOptions } from '@warden/harness';
import type { OptionKeys } from '@warden/protocol';
import type { QueueConnection } from './connection.js';
import { QUEUE_CONNECTION_KEYS } from './fleet-options.js';
import type { FleetProgress, FleetResult } from './fleet-result.js';
import type { RateLimit } from './rate-limit.js';
import type { InterruptedPolicy } from './run-job.js';

/** How a worker builds each job's harness. */
export interface WorkerHarness {
  /** Where sessions live: `postgres://…`, `mysql://…` or `redis://…`, so any worker can resume any run. */
  sessions: string;
  /** Where durable approvals live (default: beside the sessions). */
  approvals?: string;
  /** The workspace every job runs in (the worker's, never the job's). */
  workdir: string;
  /** Configurations jobs name (`config: 'review'`); `default` is used by jobs that name none. */
  configs?: Record<string, HarnessConfig>;
  /** Accept inline configurations in job data (default true); `with-mcp` also accepts their MCP servers (which start commands on the worker). */
  inline?: boolean | 'with-mcp';
  /** Values only a program can give, added to every job's harness: a provider object, tools, hooks, the environment keys come from. */
  options?: Partial<Omit<HarnessOptions, 'workdir' | 'sessions' | 'approvals' | 'sessionId' | 'owner'>>;
}

export interface WorkerEvent {
  /** `connection_lost` / `connection_restored`: once per Redis outage and once per recovery, whatever the reconnect attempts. */
  type: 'job_started' | 'job_progress' | 'job_completed' | 'job_failed' | 'job_released' | 'draining' | 'closed' | 'connection_lost' | 'connection_restored';
  jobId?: string;
  result?: FleetResult;
  error?: { code: string; message: string };
  progress?: FleetProgress;
}

export interface CreateWorkerOptions extends QueueConnection {
  harness: WorkerHarness;
  /** Jobs this worker runs at once (default 1). */
  concurrency?: number;
  /** The worker's name in results and progress (default `host:pid`). */
  name?: string;
  /** At most this many job starts per window on the whole queue (BullMQ's limiter). */
  limiter?: { max: number; durationMs: number };
  /** Model requests per provider id (`openai`, or `*` for every provider), across every worker on the queue. */
  rateLimits?: Record<string, RateLimit>;
  /** A call that started and has no result, of a tool that is not read-only: `fail` (default) the job showing the call, or `park` it for a person. */
  onInterrupted?: InterruptedPolicy;
  /**
   * BullMQ lock: a worker that stops renewing it (killed) loses its jobs after this long (default 8000;
   * renewed every half of it). With `stalledIntervalMs` it bounds how long a dead worker's job waits:
   * at most `lockDurationMs + stalledIntervalMs` (12 s by default).
   */
  lockDurationMs?: number;
  /** How often workers look for jobs whose worker died (default 4000). */
  stalledIntervalMs?: number;
  /** How many times a job may be taken over from a dead worker before it fails (default 5). */
  maxStalledCount?: number;
  /**
   * The session lease, which follows the job lock: renewed every third of it, a dead worker's session is
   * free again after this long (default `lockDurationMs`, so the lease has lapsed by the time its job is
   * found stalled and taken over).
   */
  leaseTtlMs?: number;
  /**
   * How long a job waits for another worker to let go of its session before it is delayed (default
   * `leaseTtlMs` + 2000): long enough for a dead worker's lease to lapse, so a takeover starts once,
   * not once per poll.
   */
  leaseWaitMs?: number;
  /** Secrets the redactor removes from results and progress (default: the harness's env, else `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** What the worker does, for a CLI or a log (libraries do not print). */
  onEvent?: (event: WorkerEvent) => void;
}

// The key lists the compiler keeps equal to the interfaces above: createWorker refuses any other key.
export const WORKER_HARNESS_KEYS = { sessions: true, approvals: true, workdir: true, configs: true, inline: true, options: true } as const satisfies OptionKeys<WorkerHarness>;

export const CREATE_WORKER_KEYS = {
  ...QUEUE_CONNECTION_KEYS,
  harness: true, concurrency: true, name: true, limiter: true, rateLimits: true, onInterrupted: true, lockDurationMs: true,
  stalledIntervalMs: true, maxStalledCount: true, leaseTtlMs: true, leaseWaitMs: true, env: true, onEvent: true,
} as const satisfies OptionKeys<CreateWorkerOptions>;

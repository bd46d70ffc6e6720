import { randomUUID } from 'node:crypto';
import { isTraceContextCarrier, receiveHandoff, validateHarnessOptions, type HarnessConfig, type TraceContextCarrier } from '@warden/harness';
import { createRedactor } from '@warden/governance';
import type { Handoff, Owner } from '@warden/protocol';
import { z } from 'zod';
import { fleetError } from './coded-errors.js';

/** Keys of a harness configuration only the worker sets: where sessions, approvals and the audit trail live, and the workspace. */
export const WORKER_OWNED_KEYS = ['sessions', 'approvals', 'audit', 'workdir'] as const;

/** One job as a caller writes it. */
export interface FleetJob {
  /** Caller-supplied id: enqueueing the same id again is a no-op (letters, digits, `.`, `_`, `-`; not all digits). */
  id?: string;
  /** The task, in the user's words. */
  task: string;
  /** A configuration the workers know by name (default `default`), or an inline `HarnessConfig` laid over the workers' `default` (without worker-owned keys). */
  config?: string | HarnessConfig;
  /** Continue this session; default `fleet-<queue>-<job id>`, so a job that moves to another worker resumes the same session. */
  sessionId?: string;
  /** Whom the job acts for: its session is created for and loaded only for this owner. */
  owner?: Owner;
  /** Per-job ceilings (they replace the configuration's budget). */
  budget?: HarnessConfig['budget'];
  /** The job is aborted after this long on a worker (each attempt). */
  timeoutMs?: number;
  /** `untrusted`: the task is material from elsewhere (see the harness's `trust`). */
  trust?: 'user' | 'untrusted';
  /**
   * W3C trace context the worker's run joins (with tracing on in the worker's harness). `enqueue`
   * fills it from the caller's active span when `@opentelemetry/api` is installed and none is given.
   */
  traceContext?: TraceContextCarrier;
  /**
   * A `Handoff` (the protocol's record, or its JSON) the worker's run starts from: its summary,
   * artifacts and suggested next action come before the task. Checked with the protocol's
   * `handoffFromJson` and limits here and again on the worker; the job's result carries the receipt.
   */
  handoff?: Handoff | string;
}

/** What is stored in the queue: validated, redacted, with a stable session id. */
export interface FleetJobData {
  v: 1;
  task: string;
  config: string | HarnessConfig;
  sessionId: string;
  owner?: Owner;
  budget?: HarnessConfig['budget'];
  timeoutMs?: number;
  trust?: 'user' | 'untrusted';
  /** Set by `retry(id, { acceptInterrupted: true })`: a person accepted that interrupted calls get an "interrupted" result and the model goes on. */
  acceptInterrupted?: boolean;
  /** Set on resumers (`resume(jobId)`): the job whose run they continue (they never add its task again). */
  resumeOf?: string;
  traceContext?: TraceContextCarrier;
  /** The handoff as JSON (the worker checks it again: the queue's copy is not trusted). */
  handoff?: string;
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const OwnerSchema = z.strictObject({ userId: z.string().min(1).optional(), tenantId: z.string().min(1).optional() });
const FleetJobSchema = z.strictObject({
  id: z.string().regex(SAFE_ID, 'letters, digits, ".", "_" and "-" (at most 128)').refine((id) => !/^\d+$/.test(id), 'an id cannot be all digits (BullMQ reserves those)').optional(),
  task: z.string().min(1),
  config: z.union([z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a configuration name is letters, digits, _ and -'), z.record(z.string(), z.unknown())]).optional(),
  sessionId: z.string().regex(SAFE_ID).optional(),
  owner: OwnerSchema.optional(),
  budget: z.strictObject({ tokens: z.number().int().positive().optional(), usd: z.number().positive().optional(), steps: z.number().int().positive().optional() }).optional(),
  timeoutMs: z.number().int().positive().optional(),
  trust: z.enum(['user', 'untrusted']).optional(),
  traceContext: z.custom<TraceContextCarrier>(isTraceContextCarrier, 'a W3C trace context: { traceparent: "00-<32 hex>-<16 hex>-<2 hex>", tracestate? }').optional(),
  handoff: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
});

/** The receipt's `by` when a worker refuses a record it cannot read. */
export const FLEET_RECEIVER = 'fleet-worker';

/** The job's handoff as JSON, checked with the protocol's limits; a problem is the receipt's reason. */
function handoffJson(handoff: FleetJob['handoff']): { json?: string; problem?: string } {
  if (handoff === undefined) return {};
  const received = receiveHandoff(handoff, { by: FLEET_RECEIVER });
  return received.status === 'accepted' ? { json: typeof handoff === 'string' ? handoff : JSON.stringify(received.handoff) } : { problem: received.receipt.reason ?? 'rejected' };
}

export interface PreparedJob {
  id: string;
  name: string;
  data: FleetJobData;
  /** True when the redactor changed something (a secret was in the task or configuration). */
  redacted: boolean;
}

function problemsOf(job: unknown, index: number): string[] {
  const parsed = FleetJobSchema.safeParse(job);
  if (!parsed.success) return parsed.error.issues.map((issue) => `job ${index}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  const out: string[] = [];
  const handoff = handoffJson(parsed.data.handoff as FleetJob['handoff']);
  if (handoff.problem) out.push(`job ${index}: handoff: ${handoff.problem}`);
  const config = parsed.data.config;
  if (typeof config !== 'object') return out;
  for (const key of WORKER_OWNED_KEYS) if (key in config) out.push(`job ${index}: config.${key} is set by the worker, not by a job`);
  const validation = validateHarnessOptions({ ...config, workdir: '/' });
  for (const error of validation.errors) out.push(`job ${index}: config.${error.path}: ${error.message}${error.hint ? ` (${error.hint})` : ''}`);
  return out;
}

/**
 * Validates every job (all problems at once), gives each a stable id and session id, and passes
 * the task and configuration through the redactor (with the caller's environment): job data never
 * carries a secret, since workers read keys from their own environment.
 */
export function prepareJobs(jobs: readonly FleetJob[], queue: string, env: Readonly<Record<string, string | undefined>> = process.env): PreparedJob[] {
  if (!Array.isArray(jobs)) throw fleetError('fleet.invalid_job', 'enqueue takes an array of jobs', 'Pass [{ task, config? }].');
  const problems = jobs.flatMap((job, i) => problemsOf(job, i));
  if (problems.length > 0) throw fleetError('fleet.invalid_job', `${problems.length} problem${problems.length === 1 ? '' : 's'} with the jobs: ${problems.join('; ')}`, 'Fix the jobs named; see FleetJob and HarnessConfig for the accepted keys.');
  const seen = new Set<string>();
  const redactor = createRedactor({ env });
  return jobs.map((job) => {
    const id = job.id ?? randomUUID();
    if (seen.has(id)) throw fleetError('fleet.duplicate_id', `two jobs have the id ${JSON.stringify(id)}`, 'Give every job its own id (or none).');
    seen.add(id);
    const data: FleetJobData = {
      v: 1,
      task: job.task,
      config: job.config ?? 'default',
      sessionId: job.sessionId ?? `fleet-${queue}-${id}`,
      ...(job.owner ? { owner: { ...job.owner } } : {}),
      ...(job.budget ? { budget: job.budget } : {}),
      ...(job.timeoutMs ? { timeoutMs: job.timeoutMs } : {}),
      ...(job.trust ? { trust: job.trust } : {}),
      ...(job.traceContext ? { traceContext: { ...job.traceContext } } : {}),
      ...(job.handoff !== undefined ? { handoff: handoffJson(job.handoff).json! } : {}),
    };
    const before = JSON.stringify(data);
    const clean = redactor.redactJson(data);
    return { id, name: typeof data.config === 'string' ? data.config : 'inline', data: clean, redacted: JSON.stringify(clean) !== before };
  });
}

/** Reads job data back (a worker never trusts the queue's copy blindly). */
export function readJobData(raw: unknown): FleetJobData {
  const data = raw as Partial<FleetJobData> | null;
  if (!data || data.v !== 1 || typeof data.task !== 'string' || typeof data.sessionId !== 'string' || !SAFE_ID.test(data.sessionId) || (typeof data.config !== 'string' && (typeof data.config !== 'object' || data.config === null))) {
    throw fleetError('fleet.invalid_job', 'the job data is not a Warden fleet job (version 1)', 'Enqueue jobs with @warden/fleet enqueue() or `warden fleet FILE --queue`.');
  }
  if (data.handoff !== undefined && typeof data.handoff !== 'string') throw fleetError('fleet.invalid_job', 'the job handoff is not a JSON string', 'Enqueue jobs with @warden/fleet enqueue().');
  if (data.owner !== undefined && !OwnerSchema.safeParse(data.owner).success) throw fleetError('fleet.invalid_job', 'the job owner is not { userId?, tenantId? }', 'Enqueue jobs with @warden/fleet enqueue().');
  // A malformed trace context is dropped, not fatal: tracing must never stop a job.
  if (data.traceContext !== undefined && !isTraceContextCarrier(data.traceContext)) {
    const { traceContext: _dropped, ...rest } = data as FleetJobData;
    return rest;
  }
  return data as FleetJobData;
}

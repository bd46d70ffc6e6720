import { z } from 'zod';
import { JsonObject, JsonValue } from '@warden/protocol/schemas';

/** The version of report.json; bumped on any breaking change of this schema. */
export const REPORT_SCHEMA_VERSION = 1;

export const CaseStatus = z.enum(['passed', 'failed', 'skipped', 'error', 'flaky']);
export type CaseStatus = z.infer<typeof CaseStatus>;
export const IterationStatus = z.enum(['passed', 'failed', 'skipped', 'error']);
export type IterationStatus = z.infer<typeof IterationStatus>;
/**
 * A step's status: the usual `pass | fail | skip | info`, or any short word a case
 * uses (the checks spec itself writes `running` and `ok`). `fail`, `failed` and
 * `error` fail the case.
 */
export const StepStatus = z.string().min(1).max(40);
export type StepStatus = z.infer<typeof StepStatus>;

export const StateChange = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  kind: z.enum(['added', 'removed', 'changed']),
  value: JsonValue.optional(),
  from: JsonValue.optional(),
  to: JsonValue.optional(),
});
export type StateChange = z.infer<typeof StateChange>;

export const StateTransition = z.object({ from: z.string(), to: z.string(), changes: z.array(StateChange) });
export type StateTransition = z.infer<typeof StateTransition>;

export const ReportError = z.object({ name: z.string(), code: z.string().optional(), message: z.string() });
export type ReportError = z.infer<typeof ReportError>;

export const Iteration = z.object({
  index: z.number().int().nonnegative(),
  startedAt: z.string(),
  /** Milliseconds since the run started. */
  offsetMs: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
  status: IterationStatus,
  steps: z.array(z.object({ name: z.string(), status: StepStatus, atMs: z.number() })),
  checks: z.array(z.object({ message: z.string(), passed: z.boolean(), atMs: z.number() })),
  thresholds: z.array(z.object({ name: z.string(), value: z.number(), min: z.number().optional(), max: z.number().optional(), passed: z.boolean() })),
  operations: z.array(
    z.object({
      title: z.string(),
      kind: z.string(),
      operation: z.string(),
      expected: JsonValue,
      actual: JsonValue,
      matches: z.boolean(),
      changes: z.array(StateChange),
      durationMs: z.number().nonnegative().optional(),
    }),
  ),
  metrics: z.array(z.object({ name: z.string(), value: z.number(), unit: z.string() })),
  artifacts: z.array(z.object({ name: z.string(), file: z.string(), bytes: z.number().int().nonnegative(), text: z.boolean(), preview: z.string().optional() })),
  logs: z.array(z.object({ message: z.string(), atMs: z.number() })),
  states: z.array(StateTransition),
  firstFailure: z.string().optional(),
  skipReason: z.string().optional(),
  error: ReportError.optional(),
});
export type Iteration = z.infer<typeof Iteration>;

export const OperationLatency = z.object({
  operation: z.string(),
  count: z.number().int().nonnegative(),
  p50: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
  max: z.number(),
});
export type OperationLatency = z.infer<typeof OperationLatency>;

export const CaseReport = z.object({
  id: z.string(),
  title: z.string(),
  pack: z.string(),
  group: z.string().optional(),
  tags: z.array(z.string()),
  status: CaseStatus,
  /** True when the case both passed and failed across its runs. */
  flaky: z.boolean(),
  runs: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  errored: z.number().int().nonnegative(),
  passRate: z.number().min(0).max(1),
  minPassRate: z.number().min(0).max(1),
  /** pass^k: the chance that k independent runs all pass, estimated from the runs. */
  passHatK: z.record(z.string(), z.number()),
  firstFailure: z.string().optional(),
  failuresByCheck: z.array(z.object({ check: z.string(), count: z.number().int().positive() })),
  latency: z.array(OperationLatency),
  iterations: z.array(Iteration),
});
export type CaseReport = z.infer<typeof CaseReport>;

export const ProbeCall = z.object({
  index: z.number().int().nonnegative(),
  status: z.enum(['ok', 'error', 'timeout', 'invalid', 'stopped', 'rejected']),
  durationMs: z.number().nonnegative(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** The target's run_log, as compact JSON, capped. */
  runLog: z.string().optional(),
});

export const ProbeReport = z.object({
  id: z.string(),
  title: z.string(),
  pack: z.string(),
  tags: z.array(z.string()),
  status: z.enum(['passed', 'failed', 'error']),
  calls: z.array(ProbeCall),
  assertions: z.array(
    z.object({ name: z.string(), kind: z.string(), status: z.enum(['pass', 'fail', 'error']), message: z.string(), code: z.string().optional() }),
  ),
  evidence: JsonObject,
  outputs: z.array(z.string()),
  /** Set when the probe as a whole is `error` (no contact with the agent, or a stopped run). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type ProbeReport = z.infer<typeof ProbeReport>;

export const PackEntry = z.object({
  source: z.string(),
  name: z.string().optional(),
  version: z.string().optional(),
  status: z.enum(['loaded', 'error']),
  error: ReportError.optional(),
});
export type PackEntry = z.infer<typeof PackEntry>;

export const Finalization = z.object({
  ok: z.boolean(),
  /** `none`: cleanup returned null (no newer report); `report` then holds the one an entry's RunStopped carried, if any. */
  cleanup: z.object({ status: z.enum(['ok', 'none', 'error', 'absent']), error: ReportError.optional(), report: JsonObject.optional() }),
  close: z.object({ status: z.enum(['ok', 'error', 'absent']), error: ReportError.optional() }),
  /** The run's stop: an entry's RunStopped stays primary over a hook's. */
  stop: z.object({ source: z.enum(['entry', 'cleanup', 'close']), reason: z.string() }).optional(),
});
export type Finalization = z.infer<typeof Finalization>;

export const ReportSummary = z.object({
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  flaky: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
  probes: z.object({ total: z.number().int().nonnegative(), passed: z.number().int().nonnegative(), failed: z.number().int().nonnegative(), error: z.number().int().nonnegative() }),
  packErrors: z.number().int().nonnegative(),
  exitCode: z.union([z.literal(0), z.literal(1)]),
});
export type ReportSummary = z.infer<typeof ReportSummary>;

export const ScheduleInfo = z.object({
  mode: z.enum(['once', 'soak', 'probe']),
  repeat: z.number().int().positive(),
  minPassRate: z.number().min(0).max(1),
  failOnFlaky: z.boolean(),
  forMs: z.number().nonnegative().optional(),
  pauseMs: z.number().nonnegative().optional(),
  iterations: z.number().int().positive().optional(),
  timeoutMs: z.number().positive(),
});
export type ScheduleInfo = z.infer<typeof ScheduleInfo>;

/** report.json, version 1. Every renderer reads only this document. */
export const EvidenceReport = z.object({
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  kind: z.literal('warden.evidence.report'),
  runId: z.string().regex(/^[A-Za-z0-9._-]+$/),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().nonnegative(),
  interrupted: z.boolean(),
  schedule: ScheduleInfo,
  /** The environment's name and the names of its keys (never its values). */
  environment: z.object({ name: z.string().optional(), keys: z.array(z.string()) }),
  selectors: z.array(z.string()),
  summary: ReportSummary,
  packs: z.array(PackEntry),
  cases: z.array(CaseReport),
  probes: z.array(ProbeReport),
  finalization: Finalization.optional(),
});
export type EvidenceReport = z.infer<typeof EvidenceReport>;

/** The report schema as JSON Schema (draft 2020-12), for other tools and dashboards. */
export function reportJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(EvidenceReport, { target: 'draft-2020-12', unrepresentable: 'any' });
}

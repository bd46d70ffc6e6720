import type { ApproverV1, GateMode, Owner, PlanIssue, SessionStoreV1 } from '@warden/protocol';
import type { RunAgent } from './agent-runner.js';
import type { Consolidation, JobEnd, PlanApprovalStatus, ReviewRecord, TaskRecord } from './job-state.js';
import type { OrchestratorPlan } from './plan.js';
import type { FactoryLimits, SpecialistSpec } from './specialist.js';

export interface OrchestratorBudget {
  /** What the whole job may cost (plan, specs, checks, consolidation, review and the work). */
  maxUsd?: number;
  /** How many specialist runs (spin-ups) the job may start. */
  maxSubagents?: number;
}

export interface OrchestratorOptions {
  /** The orchestrator's name (default `boss`). */
  name?: string;
  /** Every agent call of the job: `harnessAgents(harness)` runs each through the governed harness. */
  agents: RunAgent;
  /** Where the job is checkpointed (any session store: JSONL, SQLite, PostgreSQL, Redis). */
  store: SessionStoreV1;
  owner?: Owner;
  /** The tools the orchestrator holds: the upper bound of every specialist's allowlist. */
  tools?: readonly string[];
  /** Declared specialists, reused when a task names one. */
  bench?: readonly SpecialistSpec[];
  /** Limits for specialists the factory writes; `false`: only the bench staffs tasks. */
  factory?: false | FactoryLimits;
  /** Tasks running at once (default 4). */
  maxConcurrency?: number;
  /** Re-plans a job may make (default 2). */
  maxReplans?: number;
  /** Rework rounds after a rejection (default 1). */
  maxRework?: number;
  /** Check each hand-back against its doneWhen (default true). */
  checkTasks?: boolean;
  /** Runs again after an error or a missed deadline, per task (default 1). */
  taskRetries?: number;
  /** A task's deadline when its plan gives none (default none). */
  taskDeadlineMs?: number;
  /** Critics: a list of concerns, or a count; none (default) skips the review. */
  critics?: readonly string[] | number;
  /** `all` (default) or `majority` of the critics with a verdict. */
  accept?: 'all' | 'majority';
  budget?: OrchestratorBudget;
  /** What to do when the remaining work is priced above what the budget has left (default `warn`). */
  onOverEstimate?: 'warn' | 'stop' | 'ignore';
  /** The gate mode the plan is approved under (default `safe`: the approver is asked once). */
  mode?: GateMode;
  approver?: ApproverV1;
  /** A plan holding a secret value is refused (governance's redactor fits). */
  redact?: (text: string) => string;
  onEvent?: (event: OrchestratorEvent) => void;
}

export type OrchestratorEventType =
  | 'job_start'
  | 'job_resume'
  | 'plan'
  | 'staffed'
  | 'wave'
  | 'over_estimate'
  | 'warning'
  | 'task_start'
  | 'task_check'
  | 'task_end'
  | 'replan'
  | 'consolidated'
  | 'review'
  | 'rework'
  | 'job_end';

/** What the orchestrator reports as it goes (a library never prints: it emits these). */
export interface OrchestratorEvent {
  type: OrchestratorEventType;
  jobId: string;
  at: string;
  task?: string;
  message?: string;
  data?: Record<string, unknown>;
}

export interface OrchestratorResult {
  jobId: string;
  status: JobEnd['status'];
  stopReason: JobEnd['stopReason'];
  error?: { code: string; message: string };
  /** The consolidated deliverable of the last round ('' when the job stopped before it). */
  output: string;
  /** The whole job: plan, factory specs, checks, consolidation and review as well as the work. */
  costUsd: number;
  spend: { workUsd: number; overheadUsd: number; byAgent: Record<string, number> };
  plan?: OrchestratorPlan;
  approval?: { status: PlanApprovalStatus; issues: PlanIssue[]; by?: string };
  tasks: TaskRecord[];
  consolidation?: Consolidation;
  review?: ReviewRecord;
  /** Specialist runs started. */
  subagents: number;
  warnings: string[];
  /** The full record, as the seed's `result.data`. */
  data: { plan?: OrchestratorPlan; review?: ReviewRecord };
}

/** Where a job stands, read from the store without claiming it. */
export interface JobStatus {
  jobId: string;
  name: string;
  goal: string;
  stage: 'planning' | 'running' | 'consolidating' | 'reviewing' | 'ended';
  end?: JobEnd;
  revision: number;
  round: number;
  tasks: { total: number; done: number; failed: number; replaced: number; pending: number };
  costUsd: number;
  /** How many processes have claimed the job (the first run and each resume). */
  claims: number;
}

export interface Orchestrator {
  readonly name: string;
  run(goal: string, options?: { jobId?: string }): Promise<OrchestratorResult>;
  /** Goes on with a job in any process on the same store: no finished task, plan or consolidation is redone. */
  resume(jobId: string): Promise<OrchestratorResult>;
  job(jobId: string): Promise<JobStatus>;
}

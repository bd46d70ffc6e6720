import type { PlanIssue } from '@warden/protocol';
import type { OrchestratorPlan } from './plan.js';
import type { StaffedSpec } from './specialist.js';

// A job is the fold of its records: the same reducer builds it as the job runs and when another
// process reads the records back to resume it, so both always agree on where the job stands.

export const ORCHESTRATOR_KEYS = {
  start: 'warden.orchestrator',
  claim: 'warden.orchestrator_claim',
  plan: 'warden.orchestrator_plan',
  spec: 'warden.orchestrator_spec',
  spawn: 'warden.orchestrator_spawn',
  spend: 'warden.orchestrator_spend',
  task: 'warden.orchestrator_task',
  consolidation: 'warden.orchestrator_consolidation',
  review: 'warden.orchestrator_review',
  warning: 'warden.orchestrator_warning',
  end: 'warden.orchestrator_end',
} as const;

export type PlanApprovalStatus = 'approved' | 'automatic' | 'accepted' | 'unapproved' | 'refused';

/** How a task ended. `replaced`: it was re-planned and what replaced it speaks for it. */
export interface TaskRecord {
  id: string;
  status: 'done' | 'failed' | 'replaced';
  output: string;
  agent: string;
  /** How many specialist runs it took (a send-back or a retry is one more). */
  attempts: number;
  /** What the specialist runs of this task cost. */
  costUsd: number;
  /** Why it was re-planned or failed. */
  reason?: string;
  replacedBy?: string[];
}

export interface ConsolidatedItem {
  text: string;
  /** The tasks it comes from (a replaced task's share is attributed to what replaced it). */
  from: string[];
  rank: number;
}

export interface Consolidation {
  round: number;
  deliverable: string;
  items: ConsolidatedItem[];
}

export interface CriticVerdict {
  critic: string;
  concern: string;
  accept: boolean;
  problems: string[];
}

export interface ReviewRecord {
  round: number;
  /** False when no critic gave a usable verdict: the deliverable is unreviewed, never silently accepted. */
  reviewed: boolean;
  accepted: boolean;
  accept: 'all' | 'majority';
  verdicts: CriticVerdict[];
  /** Critics asked twice with no usable verdict, left out. */
  leftOut: string[];
  /** What the critics found, each said once. */
  problems: string[];
}

export interface SpendEntry {
  agent: string;
  role: string;
  kind: 'work' | 'overhead';
  usd: number;
  taskId?: string;
}

export interface JobEnd {
  status: 'done' | 'stopped' | 'failed';
  stopReason: 'done' | 'budget' | 'unapproved' | 'failed' | 'max_subagents';
  error?: { code: string; message: string };
}

export interface JobState {
  id: string;
  name: string;
  goal: string;
  plan?: OrchestratorPlan;
  approval?: { status: PlanApprovalStatus; issues: PlanIssue[]; digest: string; by?: string };
  specs: Record<string, StaffedSpec>;
  tasks: Record<string, TaskRecord>;
  spawns: number;
  spend: SpendEntry[];
  consolidations: Record<number, Consolidation>;
  reviews: Record<number, ReviewRecord>;
  warnings: string[];
  claims: number;
  end?: JobEnd;
}

export function emptyJob(id: string, name: string, goal: string): JobState {
  return { id, name, goal, specs: {}, tasks: {}, spawns: 0, spend: [], consolidations: {}, reviews: {}, warnings: [], claims: 0 };
}

/** Applies one record to a job (the one reducer for running and resuming). */
export function applyRecord(job: JobState, key: string, value: Record<string, unknown>): void {
  switch (key) {
    case ORCHESTRATOR_KEYS.start:
      job.name = value.name as string;
      job.goal = value.goal as string;
      return;
    case ORCHESTRATOR_KEYS.claim:
      job.claims += 1;
      return;
    case ORCHESTRATOR_KEYS.plan:
      job.plan = value.plan as OrchestratorPlan;
      if (value.approval) job.approval = value.approval as JobState['approval'];
      return;
    case ORCHESTRATOR_KEYS.spec:
      job.specs[value.taskId as string] = value.spec as StaffedSpec;
      return;
    case ORCHESTRATOR_KEYS.spawn:
      job.spawns += 1;
      return;
    case ORCHESTRATOR_KEYS.spend:
      job.spend.push(value as unknown as SpendEntry);
      return;
    case ORCHESTRATOR_KEYS.task:
      job.tasks[value.id as string] = value as unknown as TaskRecord;
      return;
    case ORCHESTRATOR_KEYS.consolidation:
      job.consolidations[value.round as number] = value as unknown as Consolidation;
      return;
    case ORCHESTRATOR_KEYS.review:
      job.reviews[value.round as number] = value as unknown as ReviewRecord;
      return;
    case ORCHESTRATOR_KEYS.warning:
      job.warnings.push(value.message as string);
      return;
    case ORCHESTRATOR_KEYS.end:
      job.end = value as unknown as JobEnd;
      return;
    default:
      return;
  }
}

/** The whole job's cost so far (plan, specs, checks, consolidation, review and the work). */
export function jobCost(job: JobState): number {
  return job.spend.reduce((sum, line) => sum + line.usd, 0);
}

/** Spend split into work and overhead, and by agent. */
export function spendOf(job: JobState): { workUsd: number; overheadUsd: number; byAgent: Record<string, number> } {
  const byAgent: Record<string, number> = {};
  let workUsd = 0;
  let overheadUsd = 0;
  for (const line of job.spend) {
    byAgent[line.agent] = (byAgent[line.agent] ?? 0) + line.usd;
    if (line.kind === 'work') workUsd += line.usd;
    else overheadUsd += line.usd;
  }
  return { workUsd, overheadUsd, byAgent };
}

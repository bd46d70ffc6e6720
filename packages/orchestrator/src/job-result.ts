import { jobCost, spendOf, type JobState, type TaskRecord } from './job-state.js';
import type { JobStatus, OrchestratorResult } from './orchestrator-types.js';

// What a job's records say, as a result (`run`, `resume`) and as a status (`job`).

export function currentRound(job: JobState): number {
  return Math.max(0, ...(job.plan?.tasks ?? []).map((t) => t.round));
}

export function resultOf(job: JobState): OrchestratorResult {
  const current = currentRound(job);
  const consolidation = job.consolidations[current];
  const review = job.reviews[current];
  const end = job.end ?? { status: 'failed', stopReason: 'failed' };
  const spend = spendOf(job);
  return {
    jobId: job.id,
    status: end.status,
    stopReason: end.stopReason,
    ...(end.error ? { error: end.error } : {}),
    output: consolidation?.deliverable ?? '',
    costUsd: jobCost(job),
    spend,
    ...(job.plan ? { plan: job.plan } : {}),
    ...(job.approval ? { approval: { status: job.approval.status, issues: job.approval.issues, ...(job.approval.by ? { by: job.approval.by } : {}) } } : {}),
    tasks: (job.plan?.tasks ?? []).map((t) => job.tasks[t.id]).filter((t): t is TaskRecord => t !== undefined),
    ...(consolidation ? { consolidation } : {}),
    ...(review ? { review } : {}),
    subagents: job.spawns,
    warnings: [...job.warnings],
    data: { ...(job.plan ? { plan: job.plan } : {}), ...(review ? { review } : {}) },
  };
}

export function statusOf(job: JobState): JobStatus {
  const tasks = job.plan?.tasks ?? [];
  const count = (status: TaskRecord['status']): number => tasks.filter((t) => job.tasks[t.id]?.status === status).length;
  const current = currentRound(job);
  const stage: JobStatus['stage'] = job.end
    ? 'ended'
    : !job.plan
      ? 'planning'
      : tasks.some((t) => !job.tasks[t.id])
        ? 'running'
        : !job.consolidations[current]
          ? 'consolidating'
          : 'reviewing';
  return {
    jobId: job.id,
    name: job.name,
    goal: job.goal,
    stage,
    ...(job.end ? { end: job.end } : {}),
    revision: job.plan?.revision ?? 0,
    round: current,
    tasks: { total: tasks.length, done: count('done'), failed: count('failed'), replaced: count('replaced'), pending: tasks.filter((t) => !job.tasks[t.id]).length },
    costUsd: jobCost(job),
    claims: job.claims,
  };
}

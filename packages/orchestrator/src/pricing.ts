import { jobCost, type JobState } from './job-state.js';
import type { JobTask } from './plan.js';

// 7. Money: before each wave the remaining work is priced — by this job's own tasks' mean cost once
// three have finished, by the estimate before — against what the budget has left.

/** The price of one task: what this job's tasks cost once three finished, the estimate before. */
export function priceOf(job: JobState, task: JobTask): number {
  const done = Object.values(job.tasks).filter((t) => t.status === 'done');
  if (done.length >= 3) return done.reduce((sum, t) => sum + t.costUsd, 0) / done.length;
  if (task.estimateUsd !== undefined) return task.estimateUsd;
  const plan = job.plan!;
  const planned = plan.tasks.filter((t) => t.round === 0).length;
  return planned > 0 ? plan.estimate.estimateUsd / planned : 0;
}

/** Which tasks of a wave may start, and a warning when the remaining work is priced over what is left. */
export function affordable(job: JobState, wave: readonly JobTask[], running: readonly string[], maxUsd: number | undefined, policy: 'warn' | 'stop' | 'ignore'): { startable: JobTask[]; warning?: string } {
  if (maxUsd === undefined || policy === 'ignore') return { startable: [...wave] };
  const byId = new Map(job.plan!.tasks.map((t) => [t.id, t]));
  // A running task is reserved at its price less what it has already spent (that is in jobCost).
  const spentOn = (id: string): number => job.spend.filter((line) => line.taskId === id && line.kind === 'work').reduce((sum, line) => sum + line.usd, 0);
  const inFlight = running.filter((id) => !job.tasks[id]).reduce((sum, id) => sum + Math.max(0, priceOf(job, byId.get(id)!) - spentOn(id)), 0);
  const left = maxUsd - jobCost(job) - inFlight;
  const remaining = job.plan!.tasks.filter((t) => !job.tasks[t.id] && !running.includes(t.id)).reduce((sum, t) => sum + priceOf(job, t), 0);
  if (remaining <= left) return { startable: [...wave] };
  const words = `the remaining work is priced at $${remaining.toFixed(4)} and the budget has $${Math.max(0, left).toFixed(4)} left`;
  if (policy === 'warn') return { startable: [...wave], warning: `over the estimate (plan revision ${job.plan!.revision}): ${words}` };
  // `stop` starts nothing it cannot pay for: the part of the wave that fits, in plan order.
  const startable: JobTask[] = [];
  let spend = 0;
  for (const task of wave) {
    const price = priceOf(job, task);
    if (spend + price > left) break;
    spend += price;
    startable.push(task);
  }
  return startable.length < wave.length ? { startable, warning: `stopped before a wave it cannot pay for: ${words}; ${wave.length - startable.length} task(s) not started` } : { startable };
}

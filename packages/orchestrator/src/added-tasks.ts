import type { JobState } from './job-state.js';
import { jsonAnswer } from './json-answer.js';
import { PlannedTask, ReplanAnswer, zodProblems, type JobTask } from './plan.js';

/** New tasks from a re-plan or rework answer: new ids, dependencies only on finished tasks or each other (or why not). */
export function addedTasks(job: JobState, text: string | undefined, round: number, extra: Partial<JobTask>): JobTask[] | string {
  const parsed = ReplanAnswer.safeParse(text === undefined ? undefined : jsonAnswer(text));
  if (!parsed.success) return zodProblems(parsed.error);
  const existing = new Set(job.plan!.tasks.map((t) => t.id));
  const tasks = parsed.data.tasks.map((t) => ({ ...PlannedTask.parse(t), round, ...extra }));
  const ids = new Set(tasks.map((t) => t.id));
  const finished = new Set(Object.values(job.tasks).filter((t) => t.status === 'done').map((t) => t.id));
  for (const task of tasks) {
    if (existing.has(task.id)) return `task id "${task.id}" is already in the plan`;
    const bad = task.dependsOn.filter((d) => !ids.has(d) && !finished.has(d));
    if (bad.length) return `task "${task.id}" depends on ${bad.join(', ')}, which is neither finished nor new`;
  }
  return tasks;
}

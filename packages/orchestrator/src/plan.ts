import { lintPlan } from '@warden/governance';
import type { Plan, PlanIssue, ToolSpec } from '@warden/protocol';
import { z } from 'zod';

// The job's plan: acceptance tests first (the definition of done), then the task graph, then the
// estimate. It is a versioned record (`version: 1`, a `revision` per re-plan or rework round) and is
// linted by governance's plan linter as a protocol Plan (one step per task), so a missing
// dependency, a cycle, a duplicate id or a secret is caught by the same rules as a plan-first plan.

const TaskId = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a task id is a letter, then letters, digits, _ or - (64 at most)');

/** One task as the planner writes it. */
export const PlannedTask = z.strictObject({
  id: TaskId,
  title: z.string().min(1).max(200),
  instructions: z.string().min(1).max(8000),
  /** Tasks whose outputs this one needs; it receives those outputs and nothing else. */
  dependsOn: z.array(TaskId).default([]),
  /** How the hand-back is checked. */
  doneWhen: z.string().min(1).max(2000),
  /** A bench specialist by name, or the name the factory should give a new one. */
  specialist: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/).optional(),
  /** Tools the task needs (narrowed to what the orchestrator holds). */
  tools: z.array(z.string().min(1)).optional(),
  estimateUsd: z.number().nonnegative().optional(),
  deadlineSeconds: z.number().positive().max(86_400).optional(),
});
export type PlannedTask = z.input<typeof PlannedTask>;

/** A task as the job holds it: the planned task plus where it came from. */
export interface JobTask extends z.output<typeof PlannedTask> {
  /** The task this one replaces (it was re-planned by another route). */
  replaces?: string;
  /** What the replaced task's attempt produced, told to its replacement. */
  previousAttempt?: string;
  /** 0 for the first plan; n for the tasks of rework round n. */
  round: number;
}

/** What the planner writes. */
export const PlannerAnswer = z.object({
  acceptance: z.array(z.string().min(1).max(2000)).min(1, 'write the acceptance tests (the definition of done) first'),
  tasks: z.array(PlannedTask).min(1),
  estimate: z.object({ estimateUsd: z.number().nonnegative().optional(), parallelism: z.number().int().positive().optional() }).optional(),
});

/** What a re-plan or a rework round adds. */
export const ReplanAnswer = z.object({ tasks: z.array(PlannedTask).min(1) });

/** The job's plan record. */
export interface OrchestratorPlan {
  version: 1;
  /** 1 for the first plan; each re-plan and rework round adds one. */
  revision: number;
  goal: string;
  /** The definition of done, written before any work. */
  acceptance: string[];
  tasks: JobTask[];
  estimate: { estimateUsd: number; parallelism: number };
}

/** The widest level of the task graph: how many tasks can run at once. */
export function graphWidth(tasks: readonly { id: string; dependsOn: readonly string[] }[]): number {
  const depth = new Map<string, number>();
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const level = (id: string, seen: Set<string>): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const task = byId.get(id);
    if (!task || seen.has(id)) return 0;
    seen.add(id);
    const value = task.dependsOn.length === 0 ? 0 : 1 + Math.max(...task.dependsOn.map((d) => level(d, seen)));
    depth.set(id, value);
    return value;
  };
  const counts = new Map<number, number>();
  for (const task of tasks) {
    const d = level(task.id, new Set());
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return Math.max(1, ...counts.values());
}

const RUN_TASK: ToolSpec = {
  name: 'run_task',
  description: 'One task of an orchestrated job.',
  inputSchema: {
    type: 'object',
    properties: { title: { type: 'string' }, instructions: { type: 'string' }, doneWhen: { type: 'string' }, specialist: { type: 'string' } },
    required: ['title', 'instructions', 'doneWhen'],
    additionalProperties: false,
  },
};

/** The plan as the protocol's Plan (one `run_task` step per task), for the linter and the approver. */
export function asProtocolPlan(tasks: readonly JobTask[]): Plan {
  return {
    steps: tasks.map((task) => ({
      id: task.id,
      tool: RUN_TASK.name,
      parameters: { title: task.title, instructions: task.instructions, doneWhen: task.doneWhen, ...(task.specialist ? { specialist: task.specialist } : {}) },
      ...(task.dependsOn.length ? { depends_on: [...task.dependsOn] } : {}),
      description: task.title,
    })),
  };
}

/** Lints the task graph with governance's plan linter (missing dependencies, cycles, duplicates, secrets, limits). */
export function lintTasks(tasks: readonly JobTask[], redact?: (text: string) => string): { valid: boolean; issues: PlanIssue[] } {
  const result = lintPlan(asProtocolPlan(tasks), [RUN_TASK], redact ? { redact } : {});
  return { valid: result.valid, issues: result.issues };
}

/** Problems of a zod parse, in words. */
export function zodProblems(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(plan)'}: ${issue.message}`).join('; ');
}

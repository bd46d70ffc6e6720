import type { JobState } from './job-state.js';
import type { JobTask } from './plan.js';
import type { SpecialistSpec } from './specialist.js';

// What each of the job's agents is told. A specialist sees its task, its dependencies' outputs and
// nothing else; a critic sees the definition of done and the deliverable, never another critic.

const done = (job: JobState): string => `Definition of done:\n${job.plan!.acceptance.map((a) => `- ${a}`).join('\n')}`;

export function plannerInput(goal: string, held: readonly string[], bench: readonly SpecialistSpec[]): string {
  const listed = bench.map((b) => `- ${b.name}: ${b.description ?? b.instructions.slice(0, 120)}`).join('\n');
  return [`Goal: ${goal}`, `Tools the specialists may hold: ${held.join(', ') || '(none)'}`, listed ? `Specialists on the bench:\n${listed}` : 'No specialists on the bench.'].join('\n\n');
}

export function factoryInput(task: JobTask, held: readonly string[], maxSteps: number): string {
  return [`Task "${task.id}": ${task.title}`, task.instructions, `Done when: ${task.doneWhen}`, `Tools you may give it: ${held.join(', ') || '(none)'}`, task.specialist ? `Name it: ${task.specialist}` : '', `Step ceiling at most: ${maxSteps}`].filter(Boolean).join('\n');
}

/** The task, its dependencies' outputs (and nothing else), what a replaced first attempt produced, what it lacked. */
export function taskInput(job: JobState, task: JobTask, feedback: string | undefined): string {
  const parts = [`Task "${task.id}": ${task.title}`, task.instructions, `Done when: ${task.doneWhen}`];
  if (task.dependsOn.length) parts.push(`Inputs from the tasks this one depends on:\n${task.dependsOn.map((d) => `[${d}] ${job.tasks[d]?.output ?? ''}`).join('\n')}`);
  if (task.previousAttempt !== undefined) parts.push(`A first attempt at this work (task ${task.replaces}) produced:\n${task.previousAttempt}`);
  if (feedback) parts.push(`Your previous hand-back fell short. It lacked: ${feedback}`);
  return parts.join('\n\n');
}

export function checkerInput(task: JobTask, output: string): string {
  return [`Task "${task.id}": ${task.title}`, `Done when: ${task.doneWhen}`, `Hand-back:\n${output}`].join('\n\n');
}

export function replanInput(job: JobState, task: JobTask, reason: string, output: string, finished: readonly string[]): string {
  return [
    `Goal: ${job.goal}`,
    done(job),
    `Task "${task.id}" (${task.title}) could not be done: ${reason}.`,
    `Its instructions: ${task.instructions}\nDone when: ${task.doneWhen}`,
    `Its first attempt produced:\n${output || '(nothing)'}`,
    `Finished tasks: ${finished.join(', ') || '(none)'}`,
  ].join('\n\n');
}

export function consolidatorInput(job: JobState, round: number): string {
  const byId = new Map(job.plan!.tasks.map((t) => [t.id, t]));
  const finished = Object.values(job.tasks).filter((t) => t.status === 'done');
  const previous = round > 0 ? job.consolidations[round - 1] : undefined;
  return [
    `Goal: ${job.goal}`,
    done(job),
    ...(previous ? [`The previous deliverable:\n${previous.deliverable}`, `What the critics found:\n${job.reviews[round - 1]?.problems.map((p) => `- ${p}`).join('\n') ?? ''}`] : []),
    `Task outputs:\n${finished.map((t) => `[${t.id}] ${byId.get(t.id)?.title ?? ''}\n${t.output}`).join('\n\n')}`,
  ].join('\n\n');
}

export function criticInput(job: JobState, deliverable: string): string {
  return [`Goal: ${job.goal}`, done(job), `Deliverable:\n${deliverable}`].join('\n\n');
}

export function reworkInput(job: JobState, next: number, problems: readonly string[], finished: readonly string[]): string {
  return [`Goal: ${job.goal}`, done(job), `The deliverable:\n${job.consolidations[next - 1]?.deliverable ?? ''}`, `What the critics found:\n${problems.map((p) => `- ${p}`).join('\n')}`, `Finished tasks: ${finished.join(', ')}`].join('\n\n');
}

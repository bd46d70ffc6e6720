import { randomUUID } from 'node:crypto';
import { errorCodeOf } from '@warden/protocol';
import type { AgentReply, AgentRequest } from './agent-runner.js';
import { approvePlan } from './approve-plan.js';
import { orchestratorError } from './coded-errors.js';
import { consolidationOf } from './consolidate.js';
import { JobJournal } from './job-journal.js';
import { jobCost, ORCHESTRATOR_KEYS, spendOf, type JobEnd, type JobState, type TaskRecord } from './job-state.js';
import { jsonAnswer } from './json-answer.js';
import { graphWidth, lintTasks, PlannedTask, PlannerAnswer, ReplanAnswer, zodProblems, type JobTask, type OrchestratorPlan } from './plan.js';
import { criticsOf, runReview } from './review.js';
import { ROLE_INSTRUCTIONS } from './role-instructions.js';
import { narrowSpec, SpecialistSpec, type StaffedSpec } from './specialist.js';
import type { JobStatus, Orchestrator, OrchestratorEvent, OrchestratorOptions, OrchestratorResult } from './orchestrator-types.js';

const OPTION_KEYS = new Set([
  'name', 'agents', 'store', 'owner', 'tools', 'bench', 'factory', 'maxConcurrency', 'maxReplans', 'maxRework', 'checkTasks', 'taskRetries',
  'taskDeadlineMs', 'critics', 'accept', 'budget', 'onOverEstimate', 'mode', 'approver', 'redact', 'onEvent',
]);

function checkOptions(options: OrchestratorOptions): void {
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.has(key));
  const problems: string[] = unknown.map((key) => `unknown option "${key}"`);
  const positive = (name: string, value: number | undefined, min: number): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < min)) problems.push(`${name} must be an integer ≥ ${min}`);
  };
  positive('maxConcurrency', options.maxConcurrency, 1);
  positive('maxReplans', options.maxReplans, 0);
  positive('maxRework', options.maxRework, 0);
  positive('taskRetries', options.taskRetries, 0);
  if (typeof options.critics === 'number') positive('critics', options.critics, 0);
  if (options.budget?.maxUsd !== undefined && !(options.budget.maxUsd > 0)) problems.push('budget.maxUsd must be above 0');
  positive('budget.maxSubagents', options.budget?.maxSubagents, 0);
  if (typeof options.agents !== 'function') problems.push('agents must be a function (harnessAgents(harness) makes one)');
  if (!options.store) problems.push('store is required (any session store)');
  if (problems.length) throw orchestratorError('orchestrator.invalid_options', `createOrchestrator: ${problems.join('; ')}`);
}

/** Thrown inside a job to end it with a stop reason (caught by the driver, never leaves it). */
class JobStop {
  constructor(readonly end: JobEnd) {}
}

/**
 * An orchestrator: one goal becomes an approved task graph, staffed from the bench or the factory,
 * run in parallel waves within the budget, each hand-back checked (and re-planned when it stays
 * short), consolidated and reviewed by independent critics — checkpointed after every task and stage.
 */
export function createOrchestrator(options: OrchestratorOptions): Orchestrator {
  checkOptions(options);
  const name = options.name ?? 'boss';
  const store = options.store;
  return {
    name,
    async run(goal, runOptions = {}) {
      const jobId = runOptions.jobId ?? `job-${randomUUID()}`;
      const journal = await JobJournal.begin(store, jobId, name, goal, options.owner);
      return new JobRun(options, journal).drive('job_start');
    },
    async resume(jobId) {
      const journal = await JobJournal.resume(store, jobId, options.owner);
      return new JobRun(options, journal).drive('job_resume');
    },
    async job(jobId) {
      const { job } = await JobJournal.read(store, jobId, options.owner);
      return statusOf(job);
    },
  };
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

class JobRun {
  private readonly job: JobState;
  private readonly maxConcurrency: number;
  private readonly critics;
  private readonly held: readonly string[];

  constructor(
    private readonly options: OrchestratorOptions,
    private readonly journal: JobJournal,
  ) {
    this.job = journal.job;
    this.maxConcurrency = options.maxConcurrency ?? 4;
    this.critics = criticsOf(options.critics);
    this.held = options.tools ?? [];
  }

  private emit(type: OrchestratorEvent['type'], extra: Omit<OrchestratorEvent, 'type' | 'jobId' | 'at'> = {}): void {
    try {
      this.options.onEvent?.({ type, jobId: this.job.id, at: new Date().toISOString(), ...extra });
    } catch {
      // a listener's failure is not the job's
    }
  }

  private async warn(message: string, type: 'warning' | 'over_estimate' = 'warning'): Promise<void> {
    if (this.job.warnings.includes(message)) return;
    await this.journal.write([[ORCHESTRATOR_KEYS.warning, { message }]]);
    this.emit(type, { message });
  }

  /** One agent call, its spend recorded in the job (work for specialists, overhead for the rest). */
  private async call(request: Omit<AgentRequest, 'jobId'>): Promise<AgentReply> {
    const reply = await this.options.agents({ ...request, jobId: this.job.id });
    const usd = Number.isFinite(reply.costUsd) ? reply.costUsd : 0;
    await this.journal.write([
      [ORCHESTRATOR_KEYS.spend, { agent: request.agent, role: request.role, kind: request.role === 'specialist' ? 'work' : 'overhead', usd, ...(request.taskId ? { taskId: request.taskId } : {}) }],
    ]);
    return reply;
  }

  async drive(first: 'job_start' | 'job_resume'): Promise<OrchestratorResult> {
    const job = this.job;
    this.emit(first, { message: job.goal });
    if (job.end) return resultOf(job);
    let end: JobEnd;
    try {
      if (!job.plan) await this.planStage();
      const status = job.approval?.status;
      if (status !== 'approved' && status !== 'automatic' && status !== 'accepted') {
        throw new JobStop({ status: 'stopped', stopReason: 'unapproved', error: { code: 'orchestrator.plan_unapproved', message: `the plan was not approved (${status ?? 'no answer'}); no task ran` } });
      }
      for (;;) {
        const current = currentRound(job);
        await this.runTasks();
        if (!job.consolidations[current]) await this.consolidate(current);
        if (this.critics.length === 0) break;
        if (!job.reviews[current]) await this.review(current);
        const review = job.reviews[current]!;
        if (!review.reviewed || review.accepted) break;
        if (current >= (this.options.maxRework ?? 1)) {
          await this.warn(`the critics rejected the deliverable after ${current} rework round(s); it is returned as rejected`);
          break;
        }
        await this.reworkStage(current + 1, review.problems);
      }
      end = { status: 'done', stopReason: 'done' };
    } catch (error) {
      if (error instanceof JobStop) end = error.end;
      else if (errorCodeOf(error) === 'orchestrator.taken_over') throw error;
      else {
        const code = errorCodeOf(error) ?? 'orchestrator.task_failed';
        end = { status: 'failed', stopReason: 'failed', error: { code, message: error instanceof Error ? error.message : String(error) } };
      }
    }
    await this.journal.write([[ORCHESTRATOR_KEYS.end, { ...end }]]);
    this.emit('job_end', { message: end.stopReason, data: { status: end.status, costUsd: round(jobCost(job)) } });
    return resultOf(job);
  }

  // ── 1. Plan ────────────────────────────────────────────────────────────────────────────────────

  private async planStage(): Promise<void> {
    const job = this.job;
    const bench = (this.options.bench ?? []).map((b) => `- ${b.name}: ${b.description ?? b.instructions.slice(0, 120)}`).join('\n');
    const reply = await this.call({
      role: 'planner',
      agent: 'planner',
      instructions: ROLE_INSTRUCTIONS.planner,
      input: [`Goal: ${job.goal}`, `Tools the specialists may hold: ${this.held.join(', ') || '(none)'}`, bench ? `Specialists on the bench:\n${bench}` : 'No specialists on the bench.'].join('\n\n'),
      tools: [],
    });
    const parsed = PlannerAnswer.safeParse(reply.error ? undefined : jsonAnswer(reply.text));
    if (!parsed.success) throw orchestratorError('orchestrator.plan_invalid', `the planner's answer is not a plan: ${zodProblems(parsed.error)}`, 'The planner must answer with JSON: acceptance tests first, then tasks, then the estimate.');
    const tasks: JobTask[] = parsed.data.tasks.map((task) => ({ ...PlannedTask.parse(task), round: 0 }));
    const estimateUsd = parsed.data.estimate?.estimateUsd ?? tasks.reduce((sum, t) => sum + (t.estimateUsd ?? 0), 0);
    const plan: OrchestratorPlan = {
      version: 1,
      revision: 1,
      goal: job.goal,
      acceptance: parsed.data.acceptance,
      tasks,
      estimate: { estimateUsd, parallelism: Math.min(graphWidth(tasks), this.maxConcurrency) },
    };
    const lint = lintTasks(tasks, this.options.redact);
    if (!lint.valid) {
      await this.journal.write([[ORCHESTRATOR_KEYS.plan, { plan: plan, approval: { status: 'refused', issues: lint.issues as never, digest: '' } }]]);
      const errors = lint.issues.filter((i) => i.severity === 'error').map((i) => `${i.code} ${i.location}: ${i.message}`);
      throw orchestratorError('orchestrator.plan_invalid', `the plan has errors: ${errors.join('; ')}`);
    }
    const approval = await approvePlan(plan, this.options.mode ?? 'safe', this.options.approver);
    await this.journal.write([[ORCHESTRATOR_KEYS.plan, { plan: plan, approval: { ...approval, issues: lint.issues } }]]);
    this.emit('plan', { message: `${tasks.length} tasks, ${approval.status}`, data: { revision: 1, tasks: tasks.map((t) => t.id), estimate: plan.estimate, approval: approval.status } });
  }

  // ── 3. Run (with 2. Staff, 4. Check and 7. Money) ──────────────────────────────────────────────

  private async runTasks(): Promise<void> {
    const job = this.job;
    const running = new Map<string, Promise<void>>();
    let stopping: JobEnd | undefined;
    let failure: unknown;
    for (;;) {
      if (!stopping && failure === undefined) {
        const plan = job.plan!;
        const ready = plan.tasks.filter((t) => !job.tasks[t.id] && !running.has(t.id) && t.dependsOn.every((d) => job.tasks[d]?.status === 'done'));
        const slots = this.maxConcurrency - running.size;
        if (ready.length > 0 && slots > 0) {
          const wave = ready.slice(0, slots);
          const startable = await this.afford(wave, [...running.keys()]);
          if (startable.length < wave.length) stopping = { status: 'stopped', stopReason: 'budget' };
          if (startable.length) this.emit('wave', { message: startable.map((t) => t.id).join(', '), data: { tasks: startable.map((t) => t.id), running: running.size } });
          for (const task of startable) {
            running.set(
              task.id,
              this.runTask(task)
                .catch((error: unknown) => {
                  if (error instanceof JobStop) stopping ??= error.end;
                  else failure ??= error;
                })
                .finally(() => running.delete(task.id)),
            );
          }
        }
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
    if (failure !== undefined) throw failure;
    if (stopping) throw new JobStop(stopping);
    const failed = job.plan!.tasks.filter((t) => job.tasks[t.id]?.status === 'failed');
    const stuck = job.plan!.tasks.filter((t) => !job.tasks[t.id]);
    if (failed.length || stuck.length) {
      const message = failed.length
        ? `task ${failed.map((t) => `"${t.id}" (${job.tasks[t.id]!.reason ?? 'failed'})`).join(', ')} failed and could not be re-planned; ${stuck.length} task(s) waiting on it did not run`
        : `${stuck.length} task(s) could not start`;
      throw new JobStop({ status: 'failed', stopReason: 'failed', error: { code: 'orchestrator.task_failed', message } });
    }
  }

  /** The price of one task: what this job's tasks cost once three finished, the estimate before. */
  private priceOf(task: JobTask): number {
    const done = Object.values(this.job.tasks).filter((t) => t.status === 'done');
    if (done.length >= 3) return done.reduce((sum, t) => sum + t.costUsd, 0) / done.length;
    if (task.estimateUsd !== undefined) return task.estimateUsd;
    const plan = this.job.plan!;
    const planned = plan.tasks.filter((t) => t.round === 0).length;
    return planned > 0 ? plan.estimate.estimateUsd / planned : 0;
  }

  /** 7. Before a wave: the remaining work priced against what the budget has left. */
  private async afford(wave: readonly JobTask[], running: readonly string[]): Promise<JobTask[]> {
    const maxUsd = this.options.budget?.maxUsd;
    const policy = this.options.onOverEstimate ?? 'warn';
    if (maxUsd === undefined || policy === 'ignore') return [...wave];
    const job = this.job;
    const byId = new Map(job.plan!.tasks.map((t) => [t.id, t]));
    // A running task is reserved at its price less what it has already spent (that is in jobCost).
    const spentOn = (id: string): number => job.spend.filter((line) => line.taskId === id && line.kind === 'work').reduce((sum, line) => sum + line.usd, 0);
    const inFlight = running.filter((id) => !job.tasks[id]).reduce((sum, id) => sum + Math.max(0, this.priceOf(byId.get(id)!) - spentOn(id)), 0);
    const left = maxUsd - jobCost(job) - inFlight;
    const remaining = job.plan!.tasks.filter((t) => !job.tasks[t.id] && !running.includes(t.id)).reduce((sum, t) => sum + this.priceOf(t), 0);
    if (remaining <= left) return [...wave];
    const words = `the remaining work is priced at $${remaining.toFixed(4)} and the budget has $${Math.max(0, left).toFixed(4)} left`;
    if (policy === 'warn') {
      await this.warn(`over the estimate (plan revision ${job.plan!.revision}): ${words}`, 'over_estimate');
      return [...wave];
    }
    const startable: JobTask[] = [];
    let spend = 0;
    for (const task of wave) {
      const price = this.priceOf(task);
      if (spend + price > left) break;
      spend += price;
      startable.push(task);
    }
    if (startable.length < wave.length) {
      await this.warn(`stopped before a wave it cannot pay for: ${words}; ${wave.length - startable.length} task(s) not started`, 'over_estimate');
    }
    return startable;
  }

  /** 2. Staff: a bench specialist the task names, else one the factory writes; tools narrowed to what the orchestrator holds. */
  private async staff(task: JobTask): Promise<StaffedSpec> {
    const known = this.job.specs[task.id];
    if (known) return known;
    const fromBench = (this.options.bench ?? []).find((b) => b.name === task.specialist);
    let staffed: StaffedSpec;
    let dropped: string[];
    if (fromBench) {
      const narrowed = narrowSpec(SpecialistSpec.parse(fromBench), this.held, undefined);
      staffed = { ...narrowed.spec, source: 'bench' };
      dropped = narrowed.dropped;
    } else {
      const factory = this.options.factory;
      if (factory === false) throw orchestratorError('orchestrator.spec_invalid', `no bench specialist covers task "${task.id}" and the factory is off`);
      const reply = await this.call({
        role: 'factory',
        agent: 'factory',
        instructions: ROLE_INSTRUCTIONS.factory,
        input: [`Task "${task.id}": ${task.title}`, task.instructions, `Done when: ${task.doneWhen}`, `Tools you may give it: ${this.held.join(', ') || '(none)'}`, task.specialist ? `Name it: ${task.specialist}` : '', `Step ceiling at most: ${factory?.maxSteps ?? 8}`].filter(Boolean).join('\n'),
        tools: [],
        taskId: task.id,
      });
      const parsed = SpecialistSpec.safeParse(reply.error ? undefined : jsonAnswer(reply.text));
      if (!parsed.success) throw orchestratorError('orchestrator.spec_invalid', `the factory's specialist for task "${task.id}" is not usable: ${zodProblems(parsed.error)}`);
      const narrowed = narrowSpec(parsed.data, this.held, { maxSteps: 8, ...factory });
      staffed = { ...narrowed.spec, source: 'factory' };
      dropped = narrowed.dropped;
    }
    await this.journal.write([[ORCHESTRATOR_KEYS.spec, { taskId: task.id, spec: staffed }]]);
    if (dropped.length) await this.warn(`specialist "${staffed.name}" (task ${task.id}) asked for tools the orchestrator does not hold: ${dropped.join(', ')}; they were left out`);
    this.emit('staffed', { task: task.id, message: `${staffed.name} (${staffed.source})`, data: { tools: staffed.tools, tier: staffed.tier, maxSteps: staffed.maxSteps } });
    return staffed;
  }

  /** What a specialist is told: the task, its dependencies' outputs (and nothing else), a first attempt, what it lacked. */
  private inputOf(task: JobTask, feedback: string | undefined): string {
    const parts = [`Task "${task.id}": ${task.title}`, task.instructions, `Done when: ${task.doneWhen}`];
    if (task.dependsOn.length) parts.push(`Inputs from the tasks this one depends on:\n${task.dependsOn.map((d) => `[${d}] ${this.job.tasks[d]?.output ?? ''}`).join('\n')}`);
    if (task.previousAttempt !== undefined) parts.push(`A first attempt at this work (task ${task.replaces}) produced:\n${task.previousAttempt}`);
    if (feedback) parts.push(`Your previous hand-back fell short. It lacked: ${feedback}`);
    return parts.join('\n\n');
  }

  private async runTask(task: JobTask): Promise<void> {
    let spec: StaffedSpec;
    try {
      spec = await this.staff(task);
    } catch (error) {
      if (errorCodeOf(error) === 'orchestrator.spec_invalid') return this.replan(task, (error as Error).message, '', { attempts: 0, costUsd: 0, agent: 'factory' });
      throw error;
    }
    const retries = this.options.taskRetries ?? 1;
    const deadlineMs = task.deadlineSeconds !== undefined ? task.deadlineSeconds * 1000 : this.options.taskDeadlineMs;
    let attempts = 0;
    let costUsd = 0;
    let output = '';
    let feedback: string | undefined;
    let sentBack = false;
    let failure: string | undefined;
    for (;;) {
      let reply: AgentReply | undefined;
      let error: string | undefined;
      for (let tries = 0; tries <= retries; tries += 1) {
        const max = this.options.budget?.maxSubagents;
        if (max !== undefined && this.job.spawns >= max) {
          await this.warn(`maxSubagents (${max}) reached: task "${task.id}" was not started`);
          throw new JobStop({ status: 'stopped', stopReason: 'max_subagents', error: { code: 'orchestrator.max_subagents', message: `starting task "${task.id}" would exceed maxSubagents (${max})` } });
        }
        attempts += 1;
        // 9. Every spin-up is recorded (the audit of the job) and counted against maxSubagents.
        await this.journal.write([[ORCHESTRATOR_KEYS.spawn, { taskId: task.id, agent: spec.name, attempt: attempts, tools: [...spec.tools], source: spec.source }]]);
        this.emit('task_start', { task: task.id, message: spec.name, data: { attempt: attempts } });
        try {
          reply = await this.withDeadline(deadlineMs, (signal) =>
            this.call({ role: 'specialist', agent: spec.name, instructions: spec.instructions, input: this.inputOf(task, feedback), tools: spec.tools, tier: spec.tier, maxSteps: spec.maxSteps, workspace: spec.workspace, taskId: task.id, signal }),
          );
        } catch (thrown) {
          if (errorCodeOf(thrown) === 'orchestrator.taken_over') throw thrown;
          reply = undefined;
          error = thrown instanceof Error ? thrown.message : String(thrown);
          continue;
        }
        costUsd += reply.costUsd;
        if (reply.error) {
          error = `${reply.error.code}: ${reply.error.message}`;
          reply = undefined;
          continue;
        }
        error = undefined;
        break;
      }
      if (!reply) {
        failure = `it failed: ${error ?? 'no answer'}`;
        break;
      }
      output = reply.text;
      if (this.options.checkTasks === false) break;
      const verdict = await this.check(task, output);
      this.emit('task_check', { task: task.id, message: verdict.pass ? 'pass' : `short: ${verdict.missing}`, data: { pass: verdict.pass } });
      if (verdict.pass) break;
      if (!sentBack) {
        sentBack = true;
        feedback = verdict.missing;
        continue;
      }
      failure = `it stayed short of its doneWhen: ${verdict.missing}`;
      break;
    }
    if (failure !== undefined) return this.replan(task, failure, output, { attempts, costUsd, agent: spec.name });
    const record: TaskRecord = { id: task.id, status: 'done', output, agent: spec.name, attempts, costUsd };
    await this.journal.write([[ORCHESTRATOR_KEYS.task, record as never]]);
    this.emit('task_end', { task: task.id, message: 'done', data: { attempts, costUsd: round(costUsd) } });
  }

  private async withDeadline<T>(deadlineMs: number | undefined, run: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
    if (deadlineMs === undefined) return run(undefined);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(orchestratorError('orchestrator.deadline', `the task missed its deadline (${deadlineMs} ms)`));
      }, deadlineMs);
    });
    try {
      return await Promise.race([run(controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** 4. Check: the hand-back against its doneWhen. A checker with no usable verdict is asked once more; then it counts as short. */
  private async check(task: JobTask, output: string): Promise<{ pass: boolean; missing: string }> {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const reply = await this.call({
        role: 'checker',
        agent: 'checker',
        instructions: ROLE_INSTRUCTIONS.checker,
        input: [`Task "${task.id}": ${task.title}`, `Done when: ${task.doneWhen}`, `Hand-back:\n${output}`].join('\n\n'),
        tools: [],
        taskId: task.id,
      });
      const answer = reply.error ? undefined : jsonAnswer(reply.text);
      if (answer && typeof answer.pass === 'boolean') return { pass: answer.pass, missing: typeof answer.missing === 'string' && answer.missing ? answer.missing : 'it does not meet its doneWhen' };
    }
    return { pass: false, missing: 'the checker gave no verdict' };
  }

  /** 4. Re-plan by another route; what waited on the task waits on its replacements, which are told what the first attempt produced. */
  private async replan(task: JobTask, reason: string, output: string, stats: { attempts: number; costUsd: number; agent: string }): Promise<void> {
    const job = this.job;
    const replansUsed = Object.values(job.tasks).filter((t) => t.status === 'replaced').length;
    const failed = async (why: string): Promise<void> => {
      const record: TaskRecord = { id: task.id, status: 'failed', output, agent: stats.agent, attempts: stats.attempts, costUsd: stats.costUsd, reason: `${reason}; ${why}` };
      await this.journal.write([[ORCHESTRATOR_KEYS.task, record as never]]);
      this.emit('task_end', { task: task.id, message: `failed: ${record.reason}` });
    };
    if (replansUsed >= (this.options.maxReplans ?? 2)) return failed(`maxReplans (${this.options.maxReplans ?? 2}) reached`);
    const reply = await this.call({
      role: 'planner',
      agent: 'planner',
      instructions: ROLE_INSTRUCTIONS.replanner,
      input: [
        `Goal: ${job.goal}`,
        `Definition of done:\n${job.plan!.acceptance.map((a) => `- ${a}`).join('\n')}`,
        `Task "${task.id}" (${task.title}) could not be done: ${reason}.`,
        `Its instructions: ${task.instructions}\nDone when: ${task.doneWhen}`,
        `Its first attempt produced:\n${output || '(nothing)'}`,
        `Finished tasks: ${this.finishedIds().join(', ') || '(none)'}`,
      ].join('\n\n'),
      tools: [],
      taskId: task.id,
    });
    const added = this.newTasks(reply, task.round, { replaces: task.id, previousAttempt: output });
    if (typeof added === 'string') return failed(`the re-plan is not usable: ${added}`);
    const ids = added.map((t) => t.id);
    const rewired = job.plan!.tasks.map((t) => (t.dependsOn.includes(task.id) ? { ...t, dependsOn: [...t.dependsOn.filter((d) => d !== task.id), ...ids] } : t));
    const tasks = [...rewired, ...added];
    const lint = lintTasks(tasks, this.options.redact);
    if (!lint.valid) return failed(`the re-plan has errors: ${lint.issues.filter((i) => i.severity === 'error').map((i) => i.message).join('; ')}`);
    const plan: OrchestratorPlan = { ...job.plan!, revision: job.plan!.revision + 1, tasks };
    const record: TaskRecord = { id: task.id, status: 'replaced', output, agent: stats.agent, attempts: stats.attempts, costUsd: stats.costUsd, reason, replacedBy: ids };
    await this.journal.write([
      [ORCHESTRATOR_KEYS.task, record as never],
      [ORCHESTRATOR_KEYS.plan, { plan: plan }],
    ]);
    this.emit('replan', { task: task.id, message: `${reason} → ${ids.join(', ')}`, data: { revision: plan.revision, replacedBy: ids } });
  }

  private finishedIds(): string[] {
    return Object.values(this.job.tasks)
      .filter((t) => t.status === 'done')
      .map((t) => t.id);
  }

  /** New tasks from a re-plan or rework answer: new ids, dependencies only on finished tasks or each other. */
  private newTasks(reply: AgentReply, taskRound: number, extra: Partial<JobTask>): JobTask[] | string {
    const parsed = ReplanAnswer.safeParse(reply.error ? undefined : jsonAnswer(reply.text));
    if (!parsed.success) return zodProblems(parsed.error);
    const existing = new Set(this.job.plan!.tasks.map((t) => t.id));
    const tasks = parsed.data.tasks.map((t) => ({ ...PlannedTask.parse(t), round: taskRound, ...extra }));
    const ids = new Set(tasks.map((t) => t.id));
    const finished = new Set(this.finishedIds());
    for (const task of tasks) {
      if (existing.has(task.id)) return `task id "${task.id}" is already in the plan`;
      const bad = task.dependsOn.filter((d) => !ids.has(d) && !finished.has(d));
      if (bad.length) return `task "${task.id}" depends on ${bad.join(', ')}, which is neither finished nor new`;
    }
    return tasks;
  }

  // ── 5. Consolidate ─────────────────────────────────────────────────────────────────────────────

  private async consolidate(current: number): Promise<void> {
    const job = this.job;
    const byId = new Map(job.plan!.tasks.map((t) => [t.id, t]));
    const done = Object.values(job.tasks).filter((t) => t.status === 'done');
    const reply = await this.call({
      role: 'consolidator',
      agent: 'consolidator',
      instructions: ROLE_INSTRUCTIONS.consolidator,
      input: [
        `Goal: ${job.goal}`,
        `Definition of done:\n${job.plan!.acceptance.map((a) => `- ${a}`).join('\n')}`,
        ...(current > 0 && job.consolidations[current - 1] ? [`The previous deliverable:\n${job.consolidations[current - 1]!.deliverable}`, `What the critics found:\n${job.reviews[current - 1]?.problems.map((p) => `- ${p}`).join('\n') ?? ''}`] : []),
        `Task outputs:\n${done.map((t) => `[${t.id}] ${byId.get(t.id)?.title ?? ''}\n${t.output}`).join('\n\n')}`,
      ].join('\n\n'),
      tools: [],
    });
    if (reply.error) throw orchestratorError('orchestrator.task_failed', `the consolidator failed: ${reply.error.message}`);
    const consolidation = { round: current, ...consolidationOf(reply.text, job.tasks) };
    await this.journal.write([[ORCHESTRATOR_KEYS.consolidation, consolidation]]);
    this.emit('consolidated', { message: `round ${current}: ${consolidation.items.length} item(s)`, data: { round: current } });
  }

  // ── 6. Review ──────────────────────────────────────────────────────────────────────────────────

  private async review(current: number): Promise<void> {
    const job = this.job;
    const deliverable = job.consolidations[current]?.deliverable ?? '';
    const review = await runReview({
      round: current,
      critics: this.critics,
      accept: this.options.accept ?? 'all',
      ask: (critic) =>
        this.call({
          role: 'critic',
          agent: critic.critic,
          instructions: `${ROLE_INSTRUCTIONS.critic}\nYour concern: ${critic.concern}`,
          input: [`Goal: ${job.goal}`, `Definition of done:\n${job.plan!.acceptance.map((a) => `- ${a}`).join('\n')}`, `Deliverable:\n${deliverable}`].join('\n\n'),
          tools: [],
        }),
    });
    await this.journal.write([[ORCHESTRATOR_KEYS.review, review as never]]);
    if (!review.reviewed) await this.warn(`no critic gave a usable verdict (round ${current}): the deliverable is unreviewed`);
    this.emit('review', { message: review.reviewed ? (review.accepted ? 'accepted' : `rejected: ${review.problems.join('; ')}`) : 'unreviewed', data: { round: current, accepted: review.accepted, reviewed: review.reviewed } });
  }

  private async reworkStage(next: number, problems: readonly string[]): Promise<void> {
    const job = this.job;
    const reply = await this.call({
      role: 'planner',
      agent: 'planner',
      instructions: ROLE_INSTRUCTIONS.rework,
      input: [
        `Goal: ${job.goal}`,
        `Definition of done:\n${job.plan!.acceptance.map((a) => `- ${a}`).join('\n')}`,
        `The deliverable:\n${job.consolidations[next - 1]?.deliverable ?? ''}`,
        `What the critics found:\n${problems.map((p) => `- ${p}`).join('\n')}`,
        `Finished tasks: ${this.finishedIds().join(', ')}`,
      ].join('\n\n'),
      tools: [],
    });
    const added = this.newTasks(reply, next, {});
    if (typeof added === 'string') throw orchestratorError('orchestrator.plan_invalid', `the rework plan is not usable: ${added}`);
    const tasks = [...job.plan!.tasks, ...added];
    const lint = lintTasks(tasks, this.options.redact);
    if (!lint.valid) throw orchestratorError('orchestrator.plan_invalid', `the rework plan has errors: ${lint.issues.filter((i) => i.severity === 'error').map((i) => i.message).join('; ')}`);
    const plan: OrchestratorPlan = { ...job.plan!, revision: job.plan!.revision + 1, tasks };
    await this.journal.write([[ORCHESTRATOR_KEYS.plan, { plan: plan }]]);
    this.emit('rework', { message: `round ${next}: ${added.map((t) => t.id).join(', ')}`, data: { round: next, tasks: added.map((t) => t.id) } });
  }
}

function currentRound(job: JobState): number {
  return Math.max(0, ...(job.plan?.tasks ?? []).map((t) => t.round));
}

function resultOf(job: JobState): OrchestratorResult {
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

function statusOf(job: JobState): JobStatus {
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

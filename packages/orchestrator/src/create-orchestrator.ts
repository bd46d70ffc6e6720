import { randomUUID } from 'node:crypto';
import { errorCodeOf } from '@warden/protocol';
import type { AgentReply, AgentRequest } from './agent-runner.js';
import { approvePlan } from './approve-plan.js';
import { orchestratorError } from './coded-errors.js';
import { consolidationOf } from './consolidate.js';
import { JobJournal } from './job-journal.js';
import { checkOptions } from './check-options.js';
import { withDeadline } from './deadline.js';
import { currentRound, resultOf, statusOf } from './job-result.js';
import { jobCost, ORCHESTRATOR_KEYS, type JobEnd, type JobState, type TaskRecord } from './job-state.js';
import { affordable } from './pricing.js';
import { checkerInput, consolidatorInput, criticInput, factoryInput, plannerInput, replanInput, reworkInput, taskInput } from './stage-inputs.js';
import { jsonAnswer } from './json-answer.js';
import { addedTasks } from './added-tasks.js';
import { graphWidth, lintTasks, PlannedTask, PlannerAnswer, zodProblems, type JobTask, type OrchestratorPlan } from './plan.js';
import { criticsOf, runReview } from './review.js';
import { ROLE_INSTRUCTIONS } from './role-instructions.js';
import { narrowSpec, SpecialistSpec, type StaffedSpec } from './specialist.js';
import type { Orchestrator, OrchestratorEvent, OrchestratorOptions, OrchestratorResult } from './orchestrator-types.js';

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
    const reply = await this.call({
      role: 'planner',
      agent: 'planner',
      instructions: ROLE_INSTRUCTIONS.planner,
      input: plannerInput(job.goal, this.held, this.options.bench ?? []),
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

  /** 7. Before a wave: the remaining work priced against what the budget has left. */
  private async afford(wave: readonly JobTask[], running: readonly string[]): Promise<JobTask[]> {
    const { startable, warning } = affordable(this.job, wave, running, this.options.budget?.maxUsd, this.options.onOverEstimate ?? 'warn');
    if (warning) await this.warn(warning, 'over_estimate');
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
        input: factoryInput(task, this.held, factory?.maxSteps ?? 8),
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
          reply = await withDeadline(deadlineMs, (signal) =>
            this.call({ role: 'specialist', agent: spec.name, instructions: spec.instructions, input: taskInput(this.job, task, feedback), tools: spec.tools, tier: spec.tier, maxSteps: spec.maxSteps, workspace: spec.workspace, taskId: task.id, signal }),
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

  /** 4. Check: the hand-back against its doneWhen. A checker with no usable verdict is asked once more; then it counts as short. */
  private async check(task: JobTask, output: string): Promise<{ pass: boolean; missing: string }> {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const reply = await this.call({
        role: 'checker',
        agent: 'checker',
        instructions: ROLE_INSTRUCTIONS.checker,
        input: checkerInput(task, output),
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
      input: replanInput(job, task, reason, output, this.finishedIds()),
      tools: [],
      taskId: task.id,
    });
    const added = addedTasks(this.job, reply.error ? undefined : reply.text, task.round, { replaces: task.id, previousAttempt: output });
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


  // ── 5. Consolidate ─────────────────────────────────────────────────────────────────────────────

  private async consolidate(current: number): Promise<void> {
    const job = this.job;
    const reply = await this.call({
      role: 'consolidator',
      agent: 'consolidator',
      instructions: ROLE_INSTRUCTIONS.consolidator,
      input: consolidatorInput(job, current),
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
          input: criticInput(job, deliverable),
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
      input: reworkInput(job, next, problems, this.finishedIds()),
      tools: [],
    });
    const added = addedTasks(this.job, reply.error ? undefined : reply.text, next, {});
    if (typeof added === 'string') throw orchestratorError('orchestrator.plan_invalid', `the rework plan is not usable: ${added}`);
    const tasks = [...job.plan!.tasks, ...added];
    const lint = lintTasks(tasks, this.options.redact);
    if (!lint.valid) throw orchestratorError('orchestrator.plan_invalid', `the rework plan has errors: ${lint.issues.filter((i) => i.severity === 'error').map((i) => i.message).join('; ')}`);
    const plan: OrchestratorPlan = { ...job.plan!, revision: job.plan!.revision + 1, tasks };
    await this.journal.write([[ORCHESTRATOR_KEYS.plan, { plan: plan }]]);
    this.emit('rework', { message: `round ${next}: ${added.map((t) => t.id).join(', ')}`, data: { round: next, tasks: added.map((t) => t.id) } });
  }
}

import { errorCodeOf, normalizeToolOutput, textOf, type JsonObject, type JsonValue, type ToolV1 } from '@warden/protocol';
import { schemaProblems } from '@warden/protocol/checks';
import type { Expression } from '@warden/governance';
import type { CheckpointJournal, JournalReading } from './checkpoint-journal.js';
import { renderTemplate, type Template } from './templates.js';
import type { Step, WorkflowDefinition } from './workflow-file.js';
import type { StepResult, WorkflowAgent, WorkflowEvent, WorkflowOptions, WorkflowResult } from './workflow-types.js';
import { WorkflowError } from './workflow-error.js';
import { asData, pool, Returned, RunEnd, sleep, StepFailedEnd, StepFailure } from './run-control.js';

interface Scope {
  key: string;
  vars: Record<string, JsonValue>;
  previous: JsonValue;
}

export interface RunContext {
  definition: WorkflowDefinition;
  options: WorkflowOptions;
  tools: ReadonlyMap<string, ToolV1>;
  agents: ReadonlyMap<string, WorkflowAgent>;
  runId: string;
  inputs: Record<string, JsonValue>;
  signal: AbortSignal;
  journal?: CheckpointJournal;
  replay?: JournalReading;
  emit: (event: WorkflowEvent) => void;
  /** Settles once every audit record emitted so far is written (rejects when one failed). */
  audited?: () => Promise<void>;
}

/**
 * Runs a checked workflow from the top. On a resumed run every tool or agent step already recorded
 * is taken from the journal instead of being run again; everything else (templates, conditions,
 * `set`) is pure and is simply computed again, so the run reaches the same place.
 */
export class WorkflowRun {
  private readonly state: Record<string, JsonValue>;
  private readonly steps: Record<string, StepResult> = {};
  private costUsd = 0;
  private stepsRun = 0;
  private tainted = false;

  constructor(private readonly ctx: RunContext) {
    this.state = structuredClone(ctx.definition.state) as Record<string, JsonValue>;
  }

  async run(): Promise<WorkflowResult> {
    const { definition } = this.ctx;
    let result: WorkflowResult;
    try {
      const { returned, last } = await this.sequence(definition.steps, { key: 's', vars: {}, previous: null });
      const output = returned ? returned.value : definition.output ? this.render(definition.output, { key: 'output', vars: {}, previous: last }, 'output') : last;
      result = this.result('ok', output);
    } catch (error) {
      result = this.failure(error);
    }
    if (this.ctx.journal && errorCodeOf(result.error) !== 'workflow.taken_over') {
      const { code, message } = result.error ?? {};
      await this.ctx.journal
        .end({ status: result.status, output: this.stored(result.output), ...(code ? { error: { code, message: this.redact(message ?? '') } } : {}), ...(result.failedStep ? { failedStep: result.failedStep } : {}) })
        .catch(() => undefined);
    }
    this.ctx.emit({
      type: 'workflow_end',
      runId: this.ctx.runId,
      status: result.status,
      output: result.output,
      ...(result.failedStep ? { failedStep: result.failedStep } : {}),
      ...(result.error ? { error: result.error } : {}),
    });
    return result;
  }

  private failure(error: unknown): WorkflowResult {
    if (error instanceof RunEnd) return this.result(error.status, null, { code: error.code, message: error.message }, error.step);
    if (error instanceof StepFailedEnd) return this.result('failed', null, { code: error.code, message: error.message }, error.step);
    if (error instanceof StepFailure) return this.result('failed', null, { code: error.code, message: error.message });
    if (WorkflowError.isInstance(error)) return this.result('failed', null, { code: error.code, message: error.message });
    throw error;
  }

  private result(status: WorkflowResult['status'], output: JsonValue, error?: { code: string; message: string }, failedStep?: string): WorkflowResult {
    return {
      runId: this.ctx.runId,
      name: this.ctx.definition.name,
      status,
      output,
      state: this.state,
      steps: this.steps,
      ...(error ? { error } : {}),
      ...(failedStep ? { failedStep } : {}),
      costUsd: this.costUsd,
      stepsRun: this.stepsRun,
    };
  }

  private env(scope: Scope): Record<string, JsonValue> {
    return { ...scope.vars, inputs: this.ctx.inputs, state: this.state, steps: this.steps as unknown as JsonValue, previous: scope.previous };
  }

  private render(template: Template, scope: Scope, what: string): JsonValue {
    const rendered = renderTemplate(template, this.env(scope));
    if (!rendered.ok) throw new StepFailure('workflow.step_failed', `${what}: ${rendered.message}`);
    return rendered.value;
  }

  private test(expression: Expression, scope: Scope, what: string): boolean {
    const result = expression.evaluate(this.env(scope));
    if (!result.ok) throw new StepFailure('workflow.step_failed', `${what}: ${result.message}`);
    if (typeof result.value !== 'boolean') throw new StepFailure('workflow.step_failed', `${what}: "${expression.source}" is not true or false`);
    return result.value;
  }

  /** Runs steps in order; the `previous` of each is the output of the one before; `last` is the final one's. */
  private async sequence(steps: readonly Step[], scope: Scope): Promise<{ returned?: Returned; last: JsonValue }> {
    let previous = scope.previous;
    for (const [index, step] of steps.entries()) {
      const outcome = await this.step(step, { key: `${scope.key}/${index}`, vars: scope.vars, previous });
      if (outcome instanceof Returned) return { returned: outcome, last: previous };
      previous = outcome;
    }
    return { last: previous };
  }

  /** One step, as a span when there is a tracer (nested in the run's: the tracer's active context). */
  private step(step: Step, scope: Scope): Promise<JsonValue | Returned> {
    const tracer = this.ctx.options.tracer;
    if (!tracer) return this.stepBody(step, scope);
    const attributes = { 'warden.workflow.run_id': this.ctx.runId, 'warden.workflow.step': step.id, 'warden.workflow.step_kind': step.kind, 'warden.workflow.step_key': scope.key };
    return tracer.startActiveSpan(`workflow.step ${step.id}`, { attributes }, async (span) => {
      try {
        const out = await this.stepBody(step, scope);
        const status = this.steps[step.id]?.status;
        if (status) span.setAttribute('warden.workflow.step_status', status);
        if (status === 'error') span.setStatus({ code: 2, message: this.steps[step.id]?.error ?? '' });
        return out;
      } catch (error) {
        span.setAttribute('warden.workflow.step_status', 'error');
        span.setStatus({ code: 2, message: (error as Error)?.message ?? String(error) });
        throw error;
      } finally {
        span.end();
      }
    });
  }

  private async stepBody(step: Step, scope: Scope): Promise<JsonValue | Returned> {
    if (this.ctx.signal.aborted) throw new RunEnd('stopped', 'run.aborted', 'the workflow was stopped before this step', step.id);
    this.stepsRun += 1;
    if (this.stepsRun > this.ctx.definition.maxSteps) {
      throw new RunEnd('failed', 'workflow.max_steps', `the run took more than ${this.ctx.definition.maxSteps} steps (max_steps)`, step.id);
    }
    const base = { runId: this.ctx.runId, step: step.id, key: scope.key };
    try {
      if (step.when && !this.test(step.when, scope, `when of step "${step.id}"`)) {
        this.steps[step.id] = { status: 'skipped', output: null, data: null };
        this.ctx.emit({ type: 'step_skipped', ...base });
        return scope.previous;
      }
      const answer = await this.ctx.options.hooks?.workflowStep?.({ ...base, kind: step.kind });
      if (answer && 'refuse' in answer) throw new StepFailure('workflow.refused', `a workflow_step hook refused step "${step.id}": ${answer.refuse}`, false);
    } catch (error) {
      return this.failed(step, scope, error);
    }
    this.ctx.emit({ type: 'step_start', ...base, kind: step.kind });
    // The step's start is in the audit trail before it does anything.
    try {
      await this.ctx.audited?.();
    } catch (error) {
      return this.failed(step, scope, new StepFailure('workflow.step_failed', `the audit record of step "${step.id}" could not be written: ${(error as Error)?.message ?? String(error)}`, false));
    }
    let output: JsonValue | Returned;
    let replayed: boolean;
    try {
      ({ output, replayed } = await this.attempts(step, scope));
    } catch (error) {
      return this.failed(step, scope, error);
    }
    if (output instanceof Returned) return output;
    const iterations = this.steps[step.id]?.iterations;
    this.steps[step.id] = { status: 'ok', output, data: asData(output), ...(iterations !== undefined ? { iterations } : {}) };
    if (step.save) this.state[step.save] = output;
    this.ctx.emit({ type: 'step_end', ...base, kind: step.kind, output, replayed });
    return output;
  }

  private failed(step: Step, scope: Scope, error: unknown): JsonValue {
    if (error instanceof RunEnd || error instanceof StepFailedEnd) throw error;
    if (WorkflowError.isInstance(error) && error.code === 'workflow.taken_over') throw new RunEnd('failed', error.code, error.message, step.id);
    const failure = error instanceof StepFailure ? error : new StepFailure('workflow.step_failed', (error as Error)?.message ?? String(error));
    const continued = step.onError === 'continue';
    this.steps[step.id] = { status: 'error', output: null, data: null, error: failure.message };
    this.ctx.emit({ type: 'step_failed', runId: this.ctx.runId, step: step.id, key: scope.key, code: failure.code, error: failure.message, continued });
    if (!continued) throw new StepFailedEnd(failure.code, `step "${step.id}" failed: ${failure.message}`, step.id);
    return scope.previous;
  }

  private async attempts(step: Step, scope: Scope): Promise<{ output: JsonValue | Returned; replayed: boolean }> {
    const retry = typeof step.retry === 'number' ? { max: step.retry } : (step.retry ?? { max: 0 });
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.kind(step, scope, attempt);
      } catch (error) {
        const retryable = error instanceof StepFailure ? error.retryable : !(error instanceof RunEnd || error instanceof StepFailedEnd || WorkflowError.isInstance(error));
        if (!retryable || attempt >= retry.max || this.ctx.signal.aborted) throw error;
        this.ctx.emit({ type: 'step_retry', runId: this.ctx.runId, step: step.id, key: scope.key, attempt: attempt + 1, error: (error as Error).message });
        const delayMs = (retry.delay ?? 0) * 1000 * (retry.backoff ?? 1) ** attempt;
        if (delayMs > 0) await sleep(delayMs, this.ctx.signal);
      }
    }
  }

  private async kind(step: Step, scope: Scope, attempt: number): Promise<{ output: JsonValue | Returned; replayed: boolean }> {
    const key = attempt === 0 ? scope.key : `${scope.key}~${attempt}`;
    switch (step.kind) {
      case 'tool':
        return this.tool(step, scope, key);
      case 'agent':
        return this.agent(step, scope, key);
      case 'set': {
        const values = this.render(step.values, scope, `set of step "${step.id}"`) as Record<string, JsonValue>;
        Object.assign(this.state, values);
        return { output: values, replayed: false };
      }
      case 'return':
        return { output: new Returned(this.render(step.value, scope, `return of step "${step.id}"`)), replayed: false };
      case 'if': {
        const branch = this.test(step.condition, scope, `if of step "${step.id}"`) ? step.then : step.else;
        const { returned, last } = await this.sequence(branch, { ...scope, key: `${key}/${branch === step.then ? 'then' : 'else'}` });
        return { output: returned ?? last, replayed: false };
      }
      case 'loop':
        return { output: await this.loop(step, scope, key), replayed: false };
      case 'foreach':
        return { output: await this.foreach(step, scope, key), replayed: false };
      case 'parallel':
        return { output: await this.parallel(step.branches, scope, key), replayed: false };
      case 'graph':
        return { output: await this.graph(step.nodes, scope, key), replayed: false };
    }
  }

  private async loop(step: Extract<Step, { kind: 'loop' }>, scope: Scope, key: string): Promise<JsonValue | Returned> {
    let last: JsonValue = scope.previous;
    let round = 0;
    while (round < step.max) {
      round += 1;
      this.steps[step.id] = { status: 'ok', output: last, data: asData(last), iterations: round };
      const { returned, last: output } = await this.sequence(step.steps, { ...scope, key: `${key}#${round}`, previous: last });
      if (returned) return returned;
      last = output;
      if (step.until && this.test(step.until, scope, `until of step "${step.id}"`)) break;
    }
    this.steps[step.id] = { status: 'ok', output: last, data: asData(last), iterations: round };
    return last;
  }

  private async foreach(step: Extract<Step, { kind: 'foreach' }>, scope: Scope, key: string): Promise<JsonValue | Returned> {
    const items = this.render(step.items, scope, `foreach of step "${step.id}"`);
    if (!Array.isArray(items)) throw new StepFailure('workflow.step_failed', `foreach of step "${step.id}" is not a list`);
    const outputs: JsonValue[] = new Array<JsonValue>(items.length).fill(null);
    let done = 0;
    let returned: Returned | undefined;
    await pool(items.length, step.concurrency, async (index) => {
      if (returned) return;
      const vars = { ...scope.vars, [step.as]: items[index]! };
      const out = await this.sequence(step.steps, { key: `${key}[${index}]`, vars, previous: scope.previous });
      if (out.returned) returned ??= out.returned;
      outputs[index] = asData(out.last);
      done += 1;
      this.steps[step.id] = { status: 'ok', output: null, data: null, iterations: done };
    });
    return returned ?? outputs;
  }

  private async parallel(branches: readonly Step[], scope: Scope, key: string): Promise<JsonValue | Returned> {
    const outputs: Record<string, JsonValue> = {};
    const results = await Promise.allSettled(branches.map((branch, index) => this.step(branch, { ...scope, key: `${key}|${index}` })));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    results.forEach((r, index) => {
      const value = (r as PromiseFulfilledResult<JsonValue | Returned>).value;
      if (!(value instanceof Returned)) outputs[branches[index]!.id] = asData(value);
    });
    const returned = results.map((r) => (r as PromiseFulfilledResult<JsonValue | Returned>).value).find((v) => v instanceof Returned);
    return returned ?? outputs;
  }

  private async graph(nodes: readonly Step[], scope: Scope, key: string): Promise<JsonValue | Returned> {
    const outputs: Record<string, JsonValue> = {};
    const running = new Map<string, Promise<void>>();
    let returned: Returned | undefined;
    const start = (node: Step, index: number): Promise<void> => {
      const existing = running.get(node.id);
      if (existing) return existing;
      const promise = (async () => {
        await Promise.all((node.needs ?? []).map((need) => start(nodes.find((n) => n.id === need)!, nodes.findIndex((n) => n.id === need))));
        if (returned) return;
        const value = await this.step(node, { ...scope, key: `${key}@${index}` });
        if (value instanceof Returned) returned ??= value;
        else outputs[node.id] = asData(value);
      })();
      running.set(node.id, promise);
      return promise;
    };
    const all = await Promise.allSettled(nodes.map((node, index) => start(node, index)));
    const failed = all.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return returned ?? outputs;
  }

  private async tool(step: Extract<Step, { kind: 'tool' }>, scope: Scope, key: string): Promise<{ output: JsonValue; replayed: boolean }> {
    // Only a result that went well is replayed: a step that failed before the resume runs again.
    const recorded = this.ctx.replay?.done.get(key);
    const tool = this.ctx.tools.get(step.tool)!;
    if (recorded?.status === 'ok') return { output: this.replayed(recorded), replayed: true };
    const finishedBadly = recorded !== undefined;
    if (!finishedBadly && this.ctx.replay?.started.has(key) && tool.annotations?.readOnly !== true) {
      throw new StepFailure(
        'workflow.interrupted_tool',
        `tool step "${step.id}" (${step.tool}) started before the process died and has no recorded result; it is not read-only, so it is not run again`,
        false,
      );
    }
    const args = this.render(step.args, scope, `args of step "${step.id}"`);
    if (args === null || typeof args !== 'object' || Array.isArray(args)) throw new StepFailure('workflow.step_failed', `args of step "${step.id}" is not an object`);
    const problems = schemaProblems(tool.inputSchema, args);
    if (problems.length > 0) throw new StepFailure('workflow.step_failed', `arguments of ${step.tool}: ${problems.map((p) => p.message).join('; ')}`);
    await this.decide(step, tool, args, key);
    await this.ctx.journal?.stepStarted(key);
    const output = await this.withTimeout(step, async (signal) => {
      const raw = await tool.execute(args, { signal, callId: `${this.ctx.runId}:${key}`, runId: this.ctx.runId, tainted: this.tainted, emit: () => undefined });
      const normalized = normalizeToolOutput(raw);
      return { text: textOf(normalized.content), isError: normalized.isError };
    });
    // Tool output is content from outside the file: what comes after may be steered by it.
    this.tainted = true;
    if (output.isError) {
      await this.ctx.journal?.stepDone(key, { status: 'error', output: null, error: this.redact(output.text) });
      throw new StepFailure('workflow.step_failed', `${step.tool} failed: ${output.text}`);
    }
    await this.ctx.journal?.stepDone(key, { status: 'ok', output: this.redact(output.text) });
    return { output: output.text, replayed: false };
  }

  private async decide(step: Extract<Step, { kind: 'tool' }>, tool: ToolV1, args: JsonObject, key: string): Promise<void> {
    const gate = this.ctx.options.gate;
    if (!gate) return;
    const decision = await gate.decide(
      { id: `${this.ctx.runId}:${key}`, name: step.tool, args, ...(tool.annotations ? { annotations: tool.annotations } : {}) },
      { runId: this.ctx.runId, sessionId: this.ctx.runId, step: this.stepsRun, tainted: this.tainted },
    );
    if (decision.effect === 'allow') return;
    const how = decision.effect === 'ask' ? 'needs a person, and a workflow has nobody to ask' : 'is denied';
    throw new StepFailure('workflow.refused', `the gate refused ${step.tool} in step "${step.id}": it ${how} (${decision.rule}: ${decision.reason})`, false);
  }

  private async agent(step: Extract<Step, { kind: 'agent' }>, scope: Scope, key: string): Promise<{ output: JsonValue; replayed: boolean }> {
    const recorded = this.ctx.replay?.done.get(key);
    if (recorded?.status === 'ok') {
      this.costUsd += recorded.costUsd ?? 0;
      return { output: this.parsed(step, this.replayed(recorded)), replayed: true };
    }
    const budget = this.ctx.definition.budget?.maxCostUsd;
    if (budget !== undefined && this.costUsd >= budget) {
      throw new StepFailure('workflow.budget', `the agents have spent $${this.costUsd.toFixed(4)} of the file's budget of $${budget}`, false);
    }
    const input = step.input ? this.render(step.input, scope, `input of step "${step.id}"`) : scope.previous;
    const text = typeof input === 'string' ? input : JSON.stringify(input);
    const agent = this.ctx.agents.get(step.agent)!;
    await this.ctx.journal?.stepStarted(key);
    const answer = await this.withTimeout(step, (signal) =>
      agent({ input: text, step: step.id, key, runId: this.ctx.runId, signal, ...(budget !== undefined ? { maxCostUsd: budget - this.costUsd } : {}) }),
    );
    this.costUsd += answer.costUsd ?? 0;
    this.tainted = true;
    await this.ctx.journal?.stepDone(key, { status: 'ok', output: this.redact(answer.text), ...(answer.costUsd !== undefined ? { costUsd: answer.costUsd } : {}) });
    return { output: this.parsed(step, answer.text), replayed: false };
  }

  private parsed(step: Extract<Step, { kind: 'agent' }>, output: JsonValue): JsonValue {
    if (step.parse !== 'json') return output;
    const text = String(output).trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      throw new StepFailure('workflow.step_failed', `agent ${step.agent} in step "${step.id}" was asked for JSON and answered: ${text.slice(0, 200)}`);
    }
  }

  private replayed(recorded: { output: JsonValue }): JsonValue {
    return recorded.output;
  }

  private async withTimeout<T>(step: Step, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (step.timeout === undefined) return work(this.ctx.signal);
    const controller = new AbortController();
    const onAbort = () => controller.abort(this.ctx.signal.reason);
    this.ctx.signal.addEventListener('abort', onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new Error('timeout'));
        reject(new StepFailure('workflow.timeout', `step "${step.id}" ran longer than its timeout of ${step.timeout}s`));
      }, step.timeout! * 1000);
    });
    try {
      return await Promise.race([work(controller.signal), limit]);
    } finally {
      clearTimeout(timer);
      this.ctx.signal.removeEventListener('abort', onAbort);
    }
  }

  private redact(text: string): string {
    return this.ctx.options.redact ? this.ctx.options.redact(text) : text;
  }

  private stored(value: JsonValue): JsonValue {
    return typeof value === 'string' ? this.redact(value) : value === null ? null : (JSON.parse(this.redact(JSON.stringify(value))) as JsonValue);
  }
}

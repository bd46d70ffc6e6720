import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { didYouMean, strictOptions } from '@warden/protocol/checks';
import { INTERFACE_VERSIONS, type JsonObject, type JsonValue, type OptionKeys, type Owner, type SessionStoreV1, type ToolAnnotations, type ToolV1 } from '@warden/protocol';
import { CheckpointJournal, type WorkflowStart } from './checkpoint-journal.js';
import { workflowError } from './coded-errors.js';
import { describeWorkflow } from './describe-workflow.js';
import { parseWorkflow } from './parse-workflow.js';
import type { Step, WorkflowDefinition } from './workflow-file.js';
import { WorkflowRun } from './workflow-run.js';
import { auditedEmit, tracedRun } from './run-observers.js';
import type { RunWorkflowOptions, WorkflowAgent, WorkflowEvent, WorkflowOptions, WorkflowResult } from './workflow-types.js';

/** A checked workflow bound to its tools and agents. */
export interface Workflow {
  readonly definition: WorkflowDefinition;
  /** Runs it; a failed step ends the run with `status: 'failed'`, `error` and `failedStep` set — it never throws for that. */
  run(inputs?: Record<string, unknown>, options?: RunWorkflowOptions): Promise<WorkflowResult>;
  /** The same run as events, `workflow_end` last; `result` settles when it ends. */
  stream(inputs?: Record<string, unknown>, options?: RunWorkflowOptions): AsyncIterable<WorkflowEvent> & { result: Promise<WorkflowResult> };
  /** Continues a checkpointed run from its last finished step, in any process on the same store. */
  resume(runId: string, options?: { signal?: AbortSignal }): Promise<WorkflowResult>;
  /** The outline, without running it. */
  describe(): string;
  /** The workflow as a tool an agent can call: its inputs are the tool's arguments. */
  asTool(): ToolV1;
}

const OPTION_KEYS = { tools: true, agents: true, buildAgent: true, store: true, owner: true, gate: true, hooks: true, onEvent: true, redact: true, tracer: true, audit: true } as const satisfies OptionKeys<WorkflowOptions>;

/** What a stored run is — its workflow's name and file, its inputs, whether and how it ended — without claiming it. */
export function inspectWorkflowRun(store: SessionStoreV1, runId: string, owner?: Owner): Promise<WorkflowRunInfo> {
  return CheckpointJournal.inspect(store, runId, owner);
}

export type WorkflowRunInfo = WorkflowStart & { ended: boolean; status?: string };

/** Reads, checks and binds a workflow file (YAML or JSON). */
export async function loadWorkflow(file: string, options: WorkflowOptions = {}): Promise<Workflow> {
  const text = await readFile(file, 'utf8');
  return createWorkflow({ ...parseWorkflow(text, basename(file)), file: resolve(file) }, options);
}

/**
 * Binds a checked workflow (or its text) to tools and agents. Every tool and agent a step names must
 * be supplied here: one nobody supplied is `workflow.unknown_tool` / `workflow.unknown_agent`, with
 * the step's line and column and "did you mean".
 */
export function createWorkflow(source: WorkflowDefinition | string, options: WorkflowOptions = {}): Workflow {
  strictOptions('createWorkflow', OPTION_KEYS, options);
  const definition = typeof source === 'string' ? parseWorkflow(source) : source;
  const tools = new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
  const agents = new Map<string, WorkflowAgent>();
  for (const [name, spec] of Object.entries(definition.agents)) {
    const supplied = options.agents?.[name];
    if (supplied) agents.set(name, supplied);
    else if (options.buildAgent) agents.set(name, options.buildAgent(name, spec));
  }
  for (const [name, agent] of Object.entries(options.agents ?? {})) if (!agents.has(name)) agents.set(name, agent);
  checkBindings(definition, tools, agents);

  const start = (inputs: Record<string, unknown>, run: RunWorkflowOptions, onEvent: (event: WorkflowEvent) => void) =>
    (async () => {
      const checked = checkInputs(definition, inputs);
      const runId = run.runId ?? `wf-${randomUUID()}`;
      const { emit, audited } = auditedEmit(options, runId, onEvent);
      const refusal = await options.hooks?.workflowStart?.({ runId, name: definition.name, inputs: checked, resumed: false });
      if (refusal && 'refuse' in refusal) throw workflowError('workflow.refused', `a workflow_start hook refused the run: ${refusal.refuse}`);
      const journal = options.store
        ? await CheckpointJournal.begin(options.store, runId, { name: definition.name, ...(definition.version ? { version: definition.version } : {}), ...(definition.file ? { file: definition.file } : {}), inputs: redactInputs(checked, options.redact) }, options.owner)
        : undefined;
      emit({ type: 'workflow_start', runId, name: definition.name, resumed: false });
      const result = await tracedRun(options, definition.name, runId, false, () =>
        new WorkflowRun({ definition, options, tools, agents, runId, inputs: checked, signal: run.signal ?? new AbortController().signal, ...(journal ? { journal } : {}), emit, audited }).run(),
      );
      // The run has ended and its result is in the journal; a failed last record does not undo it.
      await audited().catch(() => undefined);
      await options.hooks?.workflowEnd?.(result);
      return result;
    })();

  const events = (event: WorkflowEvent) => options.onEvent?.(event);

  return {
    definition,
    run: (inputs = {}, run = {}) => start(inputs, run, events),
    stream(inputs = {}, run = {}) {
      const queue: WorkflowEvent[] = [];
      let wake: (() => void) | undefined;
      let finished = false;
      const result = start(inputs, run, (event) => {
        events(event);
        queue.push(event);
        wake?.();
      }).finally(() => {
        finished = true;
        wake?.();
      });
      return {
        result,
        async *[Symbol.asyncIterator]() {
          for (;;) {
            if (queue.length > 0) {
              yield queue.shift()!;
              continue;
            }
            if (finished) {
              await result;
              return;
            }
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
        },
      };
    },
    async resume(runId, run = {}) {
      if (!options.store) throw workflowError('workflow.not_found', 'this workflow has no session store, so it has no runs to resume', 'Pass `store` to createWorkflow (the harness store, or any session store).');
      const { journal, reading } = await CheckpointJournal.resume(options.store, runId, options.owner);
      if (reading.start.name !== definition.name) {
        throw workflowError('workflow.not_found', `run "${runId}" is a run of workflow "${reading.start.name}", not "${definition.name}"`);
      }
      const refusal = await options.hooks?.workflowStart?.({ runId, name: definition.name, inputs: reading.start.inputs, resumed: true });
      if (refusal && 'refuse' in refusal) throw workflowError('workflow.refused', `a workflow_start hook refused the resumed run: ${refusal.refuse}`);
      const { emit, audited } = auditedEmit(options, runId, events);
      emit({ type: 'workflow_start', runId, name: definition.name, resumed: true });
      const result = await tracedRun(options, definition.name, runId, true, () =>
        new WorkflowRun({
          definition,
          options,
          tools,
          agents,
          runId,
          inputs: reading.start.inputs,
          signal: run.signal ?? new AbortController().signal,
          journal,
          replay: reading,
          emit,
          audited,
        }).run(),
      );
      await audited().catch(() => undefined);
      await options.hooks?.workflowEnd?.(result);
      return result;
    },
    describe: () => describeWorkflow(definition),
    asTool() {
      return workflowTool(definition, tools, agents, (inputs, signal) => start(inputs, { signal }, events));
    },
  };
}

function allSteps(steps: readonly Step[]): Step[] {
  return steps.flatMap((step) => {
    switch (step.kind) {
      case 'parallel':
        return [step, ...allSteps(step.branches)];
      case 'foreach':
      case 'loop':
        return [step, ...allSteps(step.steps)];
      case 'if':
        return [step, ...allSteps(step.then), ...allSteps(step.else)];
      case 'graph':
        return [step, ...allSteps(step.nodes)];
      default:
        return [step];
    }
  });
}

function checkBindings(definition: WorkflowDefinition, tools: ReadonlyMap<string, ToolV1>, agents: ReadonlyMap<string, WorkflowAgent>): void {
  const problems: string[] = [];
  let code: 'workflow.unknown_tool' | 'workflow.unknown_agent' = 'workflow.unknown_tool';
  for (const step of allSteps(definition.steps)) {
    if (step.kind === 'tool' && !tools.has(step.tool)) {
      const near = didYouMean(step.tool, tools.keys());
      problems.push(`  ${step.at.line}:${step.at.column}  step "${step.id}" names the tool "${step.tool}", which nobody supplied${near ? ` (did you mean "${near}"?)` : ''}`);
    }
    if (step.kind === 'agent' && !agents.has(step.agent)) {
      if (problems.length === 0) code = 'workflow.unknown_agent';
      const near = didYouMean(step.agent, agents.keys());
      problems.push(`  ${step.at.line}:${step.at.column}  step "${step.id}" names the agent "${step.agent}", which is neither in the file's agents nor supplied${near ? ` (did you mean "${near}"?)` : ''}`);
    }
  }
  if (problems.length > 0) {
    throw workflowError(code, `workflow ${definition.name} names what it was not given:\n${problems.join('\n')}`, 'Pass every tool in `tools` and every agent in `agents` (or declare it under agents: in the file).');
  }
}

function checkInputs(definition: WorkflowDefinition, given: Record<string, unknown>): Record<string, JsonValue> {
  const problems: string[] = [];
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(definition.inputs, key)) {
      const near = didYouMean(key, Object.keys(definition.inputs));
      problems.push(`"${key}" is not an input of ${definition.name}${near ? ` (did you mean "${near}"?)` : ''}`);
    }
  }
  for (const [name, spec] of Object.entries(definition.inputs)) {
    const value = Object.hasOwn(given, name) ? given[name] : spec.default;
    if (value === undefined) {
      if (spec.required) problems.push(`the input "${name}" is required`);
      continue;
    }
    const type = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
    if (spec.type && spec.type !== type) problems.push(`the input "${name}" should be ${spec.type}, got ${type}`);
    out[name] = value as JsonValue;
  }
  if (problems.length > 0) throw workflowError('workflow.invalid_input', `inputs of ${definition.name}: ${problems.join('; ')}`);
  return out;
}

function redactInputs(inputs: Record<string, JsonValue>, redact?: (text: string) => string): Record<string, JsonValue> {
  return redact ? (JSON.parse(redact(JSON.stringify(inputs))) as Record<string, JsonValue>) : inputs;
}

/** The workflow as a tool: its effect is the strongest of its steps' (annotations), so the gate sees what it can do. */
function workflowTool(
  definition: WorkflowDefinition,
  tools: ReadonlyMap<string, ToolV1>,
  agents: ReadonlyMap<string, WorkflowAgent>,
  run: (inputs: Record<string, unknown>, signal: AbortSignal) => Promise<WorkflowResult>,
): ToolV1 {
  const used = allSteps(definition.steps);
  const stepTools = used.flatMap((s) => (s.kind === 'tool' ? [tools.get(s.tool)!] : []));
  const hasAgent = used.some((s) => s.kind === 'agent') && agents.size > 0;
  const annotations: ToolAnnotations = {
    readOnly: !hasAgent && stepTools.every((t) => t.annotations?.readOnly === true),
    mutating: stepTools.some((t) => t.annotations?.readOnly !== true),
    destructive: stepTools.some((t) => t.annotations?.destructive === true),
    openWorld: hasAgent || stepTools.some((t) => t.annotations?.openWorld === true),
  };
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(definition.inputs)) {
    properties[name] = { ...(spec.type ? { type: spec.type } : {}), ...(spec.description ? { description: spec.description } : {}) };
    if (spec.required && spec.default === undefined) required.push(name);
  }
  return {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name: definition.name,
    description: definition.description ?? `Runs the workflow ${definition.name}.`,
    inputSchema: { type: 'object', properties, required, additionalProperties: false },
    annotations,
    async execute(args, ctx) {
      const result = await run(args, ctx.signal);
      if (result.status !== 'ok') return { content: `workflow ${definition.name} ${result.status}${result.failedStep ? ` at step ${result.failedStep}` : ''}: ${result.error?.message ?? ''}`, isError: true };
      return typeof result.output === 'string' ? result.output : JSON.stringify(result.output);
    },
  };
}

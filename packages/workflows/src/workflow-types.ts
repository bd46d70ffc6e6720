import type { GateV1, JsonValue, Owner, SessionStoreV1, ToolV1 } from '@warden/protocol';
import type { AgentSpec } from './workflow-file.js';

/** What an agent step hands the agent. */
export interface WorkflowAgentCall {
  input: string;
  /** The step's id and its place in the run (`s2/iter1/s0`). */
  step: string;
  key: string;
  runId: string;
  signal: AbortSignal;
  /** What the file's budget has left for this agent, when the file sets one. */
  maxCostUsd?: number;
}

export interface WorkflowAgentAnswer {
  text: string;
  costUsd?: number;
}

/** An agent as a workflow sees it: text in, text out (a harness run, a scripted double, anything). */
export type WorkflowAgent = (call: WorkflowAgentCall) => Promise<WorkflowAgentAnswer>;

/** A hook's answer: nothing to go on, `{ refuse }` to stop the run (start) or fail the step. */
export type HookAnswer = void | { refuse: string };

export interface WorkflowHooks {
  workflowStart?(info: { runId: string; name: string; inputs: Record<string, JsonValue>; resumed: boolean }): HookAnswer | Promise<HookAnswer>;
  workflowStep?(info: { runId: string; step: string; kind: string; key: string }): HookAnswer | Promise<HookAnswer>;
  workflowEnd?(result: WorkflowResult): void | Promise<void>;
}

export type StepStatus = 'ok' | 'error' | 'skipped';

/** What `steps.<id>` holds. */
export interface StepResult {
  status: StepStatus;
  output: JsonValue;
  /** The output read as JSON when it is text that parses, else the output itself. */
  data: JsonValue;
  error?: string;
  /** Loops: rounds run; foreach: items done. */
  iterations?: number;
}

export interface WorkflowResult {
  runId: string;
  name: string;
  status: 'ok' | 'failed' | 'stopped';
  output: JsonValue;
  state: Record<string, JsonValue>;
  steps: Record<string, StepResult>;
  error?: { code: string; message: string };
  failedStep?: string;
  costUsd: number;
  /** Steps started in this process (replayed ones included). */
  stepsRun: number;
}

export type WorkflowEvent =
  | { type: 'workflow_start'; runId: string; name: string; resumed: boolean }
  | { type: 'step_start'; runId: string; step: string; kind: string; key: string }
  | { type: 'step_end'; runId: string; step: string; kind: string; key: string; output: JsonValue; replayed: boolean }
  | { type: 'step_skipped'; runId: string; step: string; key: string }
  | { type: 'step_retry'; runId: string; step: string; key: string; attempt: number; error: string }
  | { type: 'step_failed'; runId: string; step: string; key: string; code: string; error: string; continued: boolean }
  | { type: 'workflow_end'; runId: string; status: WorkflowResult['status']; output: JsonValue; failedStep?: string; error?: { code: string; message: string } };

/** The part of an OpenTelemetry span a workflow writes (structural: `@opentelemetry/api` is not a dependency). */
export interface WorkflowSpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
}

/** An OpenTelemetry `Tracer` (`trace.getTracer('…')`, or a provider's): each run and each step is a span, steps nested in the run. */
export interface WorkflowTracer {
  startActiveSpan<T>(name: string, options: { attributes?: Record<string, string | number | boolean> }, fn: (span: WorkflowSpan) => T): T;
}

/** One audit record: the event's type as `kind`, the event (redacted) as `data`. */
export type WorkflowAudit = (kind: string, data: JsonValue, runId: string) => void | Promise<void>;

export interface WorkflowOptions {
  /** The tools `tool:` steps may name (a workflow runs only what it is handed). */
  tools?: readonly ToolV1[];
  /** Agents by name; they override the file's `agents:` entries of the same name. */
  agents?: Readonly<Record<string, WorkflowAgent>>;
  /** Builds an agent for each entry of the file's `agents:` that `agents` does not supply. */
  buildAgent?: (name: string, spec: AgentSpec) => WorkflowAgent;
  /** Where runs are checkpointed; without one, a run cannot be resumed. */
  store?: SessionStoreV1;
  owner?: Owner;
  /** Every tool step's call is decided here first; `ask` is a refusal (a workflow has no person to ask). */
  gate?: GateV1;
  hooks?: WorkflowHooks;
  onEvent?: (event: WorkflowEvent) => void;
  /** Every run and step as a span (`workflow <name>`, `workflow.step <id>`), with the run id, step key and kind, and an error status when it failed. */
  tracer?: WorkflowTracer;
  /** Every event of a run (start, each step's start, end, skip, retry, failure, end) as an audit record, redacted; a step starts only once its start record is written. */
  audit?: WorkflowAudit;
  /** Applied to everything the store keeps (inputs, outputs, errors): secrets never enter it. */
  redact?: (text: string) => string;
}

export interface RunWorkflowOptions {
  signal?: AbortSignal;
  /** The run's id (and session id); a fresh one by default. */
  runId?: string;
}

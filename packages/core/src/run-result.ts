import type {
  ApprovalAnswer,
  ApprovalRequest,
  Decision,
  ImagePart,
  Handoff,
  HandoffReceipt,
  JsonObject,
  Message,
  RunEvent,
  RunScope,
  StopReason,
  TaintSource,
  TextPart,
  ToolResultStatus,
  Usage,
} from '@warden/protocol';
import type { SpendLine } from './spend.js';

export interface RunOptions {
  /** Aborts the run at the next safe boundary: a running tool is interrupted, a model call cancelled (`stopReason: 'aborted'`). */
  signal?: AbortSignal;
  /**
   * Drains the run when it aborts: the step in flight (its model call and the tool calls it asked
   * for) finishes and is recorded, no new step starts, and the run ends with `stopReason: 'stopped'`.
   * Sub-agents running in that step drain the same way. `signal` still aborts a draining run.
   */
  stopSignal?: AbortSignal;
  /** Called synchronously with every event, in order. Errors it throws are ignored. */
  onEvent?: (event: RunEvent) => void;
  /**
   * What the user's task and configuration authorize (computed by the caller, e.g. the harness,
   * before the model sees anything). Stored in the session, announced as a `scope` event and handed
   * to the gate; a resumed or continued session keeps the scopes stored before.
   */
  scope?: RunScope;
  /** Untrusted content already in the model's context when the run starts (a project memory file, untrusted MCP tool descriptions). */
  taint?: readonly TaintSource[];
  /**
   * Parts that go with the task in its user message, after the task's text: attached files already
   * read (text parts labelled with the file name, image parts). The caller reads them and says
   * what they taint (`taint`); the harness's `attachments` option does both.
   */
  attachments?: readonly (TextPart | ImagePart)[];
  /** A label for the task (a ticket, a job name), stored with the run's spend for `warden report --by task`. */
  label?: string;
  /** The version of the agent's declaration this run uses (a blueprint's `versions:` entry): on `run_start`, in the run's spend record and the audit trail. */
  agentVersion?: string;
  /**
   * Model calls made for this run before it started (plan-first's planner call). They count like a
   * step's call: in the run's usage, cost, spend and budget, each announced as a `usage` event.
   */
  priorCalls?: readonly PriorModelCall[];
  /**
   * A handoff this run starts from, received from outside the process (a fleet job, an A2A
   * message) and accepted by the caller: announced as a `handoff` event and stored in the session
   * (the record under `warden.handoff_received`, so it never decides who holds a conversation).
   */
  received?: { handoff: Handoff; receipt: HandoffReceipt };
}

/** A model call made on a run's behalf before the run started (what `RunOptions.priorCalls` holds). */
export interface PriorModelCall {
  /** What the call was for, as the `usage` event's `source` says. */
  source: 'plan';
  provider: string;
  model: string;
  usage: Usage;
  costUsd?: number;
}

export interface ResumeOptions extends RunOptions {
  /** A new user message to add once the stored calls are settled. */
  task?: string;
  /** Answers to pending approvals, keyed by tool call id (or approval request id). */
  approvals?: Record<string, ApprovalAnswer>;
}

export interface ToolCallSummary {
  id: string;
  name: string;
  args: JsonObject;
  status: ToolResultStatus;
  decision?: Decision;
  /** True when a `cacheable` tool's answer came from the run's cache (the tool did not run again). */
  cached?: boolean;
}

export interface RunResult {
  runId: string;
  sessionId?: string;
  output: string;
  structured?: unknown;
  /** The conversation without the system prompt (what a session holds). */
  messages: Message[];
  usage: Usage;
  costUsd: number;
  /** Spend by agent and model, sub-agents included (their lines carry their names). */
  spend: SpendLine[];
  steps: number;
  stopReason: StopReason;
  error?: { code: string; message: string };
  toolCalls: ToolCallSummary[];
  /** The first call parked for a durable approval (`stopReason: 'approval'`). */
  pendingApproval?: ApprovalRequest;
  /** Every call parked for a durable approval, in the model's order (the first is `pendingApproval`). */
  pendingApprovals?: ApprovalRequest[];
  tainted: boolean;
  /** The untrusted sources that tainted the run, in order. */
  taintSources: TaintSource[];
  warnings: string[];
  /** The agent holding the conversation when the run ended (the one that answered). */
  agent: string;
  /** Who answers the next turn of this conversation (differs from `agent` after a non-sticky handoff). */
  nextAgent: string;
  /** Handoffs granted in this run, in order (refused ones are in the events and the session). */
  handoffs: Handoff[];
  /** How often calls to `cacheable` tools were answered from the run's cache (`hits`) or ran (`misses`). */
  toolCache: { hits: number; misses: number };
}

export interface Agent {
  /** Built on `stream`: drains it and returns the result. */
  run(task: string, options?: RunOptions): Promise<RunResult>;
  stream(task: string, options?: RunOptions): AsyncIterable<RunEvent>;
  resume(sessionId: string, options?: ResumeOptions): Promise<RunResult>;
  resumeStream(sessionId: string, options?: ResumeOptions): AsyncIterable<RunEvent>;
}

import {
  emptyUsage,
  systemMessage,
  type Message,
  type RunEvent,
  type RunEventType,
  type RunEventOf,
  type Handoff,
  type JsonValue,
  type HandoffReceipt,
  type RunScope,
  type TaintSource,
  type ToolSpec,
  type ToolV1,
  type Usage,
} from '@warden/protocol';
import type { EventSink } from './event-stream.js';
import { deepFreeze } from './freeze.js';
import { frozenSpecOf, type ResolvedOptions } from './resolve-options.js';
import type { ToolCallSummary } from './run-result.js';
import type { SessionWriter } from './session-writer.js';
import type { SpendLine } from './spend.js';
import { createToolCache, type ToolCache } from './tool-cache.js';

/** An event before the loop stamps it with `runId` and `at`. */
export type EventInput = { [K in RunEventType]: Omit<RunEventOf<K>, 'runId' | 'at'> }[RunEventType];

/** What one run has accumulated so far. */
export interface RunState {
  /** Model calls made (wrap-up and retries included). */
  step: number;
  /** Tool-enabled model calls, bounded by maxTurns. */
  turns: number;
  /** The conversation without the system prompt. */
  messages: Message[];
  usage: Usage;
  costUsd: number;
  /** Spend by agent and model (sub-agents included), stored with the run's `meta` record. */
  spend: SpendLine[];
  /** The caller's label for the run's task (`RunOptions.label`), for spend reports. */
  label?: string;
  /** The agent declaration's version (`RunOptions.agentVersion`), kept with the run's spend. */
  agentVersion?: string;
  toolCalls: ToolCallSummary[];
  tainted: boolean;
  /** The untrusted sources that tainted the run, in order (provenance for the gate). */
  taintSources: TaintSource[];
  /** What the task and configuration authorize (see `RunScope`); undefined when the caller gave none. */
  scope?: RunScope;
  /** Path arguments of calls to mutating tools that succeeded: what this run itself wrote. */
  touchedPaths: Set<string>;
  warnings: string[];
  /** Set once summarising failed or could not shrink the history, so it is not retried every step. */
  compactionStuck: boolean;
  /** Set once the run warned that the recent messages alone fill the threshold. */
  compactionTailWarned: boolean;
  /**
   * The context size the provider last reported (input + output tokens of the last call) and how
   * many messages the history held then; compaction measures from it. Cleared when the history is rewritten.
   */
  reportedContext?: { tokens: number; messageCount: number };
  /** Handoffs granted in this run, in order. */
  handoffs: Handoff[];
  /** The last accepted handoff of the conversation (this run's or a stored one), rewritten after a history-replacing record. */
  lastHandoff?: { handoff: Handoff; receipt: HandoffReceipt };
  /** A transfer granted in the current step, applied once the step's results are in. */
  pendingHandoff?: Handoff;
  /** What the run had spent when the current agent took over: its own budget counts from here. */
  agentStart?: { usage: Usage; costUsd: number; step: number };
  /** Agents spawned by `spawn_agent`, shared by nested spawners of this run. */
  spawned: { count: number };
  /** Answers of `cacheable` tools for this run, with its hit and miss counts. */
  toolCache: ToolCache;
  /** Tools' run notes (`ToolContext.notes`: a todo list, a source ledger), restored from the session and stored as `meta` records. */
  notes: Map<string, JsonValue>;
}

export interface RunContext {
  /** The options of the agent holding the conversation (they change at a handoff). */
  options: ResolvedOptions;
  /** The options of the agent createAgent was called with: the run's budget, the handoff setup. */
  readonly root: ResolvedOptions;
  /** The name of the agent holding the conversation. */
  agent: string;
  readonly runId: string;
  readonly signal: AbortSignal;
  /** When it aborts, the run ends at the next step boundary with `stopReason: 'stopped'` (a graceful stop). */
  stopSignal?: AbortSignal;
  readonly state: RunState;
  tools: ReadonlyMap<string, ToolV1>;
  toolSpecs: readonly ToolSpec[];
  /**
   * The system prompt as a message, made once per agent: every request carries the same object,
   * so providers that cache per message (validation, conversion) do that work once.
   */
  systemMessage: Message | undefined;
  session?: SessionWriter;
  emit(event: EventInput): void;
  /** Passes an event through as it is (a sub-agent's, which keeps its own runId). */
  forward(event: RunEvent): void;
  warn(code: string, message: string): void;
}

export function createRunContext(
  options: ResolvedOptions,
  runId: string,
  signal: AbortSignal,
  sink: EventSink,
  extraTools: (run: RunContext) => ToolV1[],
): RunContext {
  const state: RunState = {
    step: 0,
    turns: 0,
    messages: [],
    usage: emptyUsage(),
    costUsd: 0,
    spend: [],
    toolCalls: [],
    tainted: false,
    taintSources: [],
    touchedPaths: new Set<string>(),
    warnings: [],
    compactionStuck: false,
    compactionTailWarned: false,
    handoffs: [],
    spawned: { count: 0 },
    toolCache: createToolCache(),
    notes: new Map(),
  };
  let closed = false;
  // Events in the same millisecond share one timestamp string: formatting a Date per event is a visible cost.
  let stampMs = Number.NaN;
  let stamp = '';
  const run: RunContext = {
    options,
    root: options,
    agent: options.name,
    runId,
    signal,
    state,
    tools: new Map(),
    toolSpecs: [],
    systemMessage: undefined,
    emit(event) {
      // Nobody can see it (`run` without `onEvent`): stamping and passing it on is wasted work.
      if (!sink.observed()) return;
      const ms = Date.now();
      if (ms !== stampMs) {
        stampMs = ms;
        stamp = new Date(ms).toISOString();
      }
      // Every caller passes a fresh literal, so it is stamped in place (same keys, same order as a copy).
      const stamped = event as EventInput & { runId: string; at: string };
      stamped.runId = runId;
      stamped.at = stamp;
      run.forward(stamped);
    },
    forward(event) {
      // Nothing follows run_end: a tool that outlived its timeout cannot add events to a finished run.
      if (closed) return;
      if (event.type === 'run_end' && event.runId === runId) closed = true;
      sink(event);
    },
    warn(code, message) {
      state.warnings.push(message);
      run.emit({ type: 'warning', code, message });
    },
  };
  equip(run, options, extraTools(run));
  return run;
}

/** Gives the run an agent's options, tools (its own and `extra`) and system prompt. */
export function equip(run: RunContext, options: ResolvedOptions, extra: readonly ToolV1[]): void {
  const tools = new Map<string, ToolV1>();
  for (const tool of options.tools) tools.set(tool.name, tool);
  for (const tool of extra) tools.set(tool.name, tool);
  run.options = options;
  run.agent = options.name;
  run.tools = tools;
  run.toolSpecs = [...tools.values()].map((tool) => options.toolSpecs.get(tool) ?? frozenSpecOf(tool));
  run.systemMessage = options.system !== undefined && options.system !== '' ? deepFreeze(systemMessage(options.system)) : undefined;
}

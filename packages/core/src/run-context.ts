import {
  emptyUsage,
  toolSpecOf,
  type Message,
  type RunEvent,
  type RunEventType,
  type RunEventOf,
  type ToolSpec,
  type ToolV1,
  type Usage,
} from '@warden/protocol';
import type { ResolvedOptions } from './resolve-options.js';
import type { ToolCallSummary } from './run-result.js';
import type { SessionWriter } from './session-writer.js';

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
  toolCalls: ToolCallSummary[];
  tainted: boolean;
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
}

export interface RunContext {
  readonly options: ResolvedOptions;
  readonly runId: string;
  readonly signal: AbortSignal;
  readonly state: RunState;
  readonly tools: ReadonlyMap<string, ToolV1>;
  toolSpecs: readonly ToolSpec[];
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
  sink: (event: RunEvent) => void,
  extraTools: (run: RunContext) => ToolV1[],
): RunContext {
  const tools = new Map<string, ToolV1>();
  for (const tool of options.tools) tools.set(tool.name, tool);
  const state: RunState = {
    step: 0,
    turns: 0,
    messages: [],
    usage: emptyUsage(),
    costUsd: 0,
    toolCalls: [],
    tainted: false,
    touchedPaths: new Set<string>(),
    warnings: [],
    compactionStuck: false,
    compactionTailWarned: false,
  };
  let closed = false;
  const run: RunContext = {
    options,
    runId,
    signal,
    state,
    tools,
    toolSpecs: [],
    emit(event) {
      run.forward({ ...event, runId, at: new Date().toISOString() });
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
  for (const tool of extraTools(run)) tools.set(tool.name, tool);
  run.toolSpecs = [...tools.values()].map(toolSpecOf);
  return run;
}

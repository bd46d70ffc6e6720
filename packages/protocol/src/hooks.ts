import type { GateCall } from './decision.js';
import type { ModelRequest, ModelResponse } from './model.js';
import type { ToolResultContent } from './message.js';
import type { ToolResultStatus } from './run-event.js';
import type { TaintSource } from './scope.js';

/** A hook may answer now or later, or not at all (nothing to change). */
export type HookResult<T> = void | undefined | T | Promise<void | undefined | T>;

export interface BeforeModelContext {
  runId: string;
  step: number;
  request: ModelRequest;
}

export interface AfterModelContext {
  runId: string;
  step: number;
  response: ModelResponse;
  final: boolean;
}

export interface BeforeToolContext {
  runId: string;
  step: number;
  call: GateCall;
}

export interface AfterToolContext {
  runId: string;
  step: number;
  call: GateCall;
  status: ToolResultStatus;
  content: ToolResultContent;
  isError: boolean;
}

/** What an `afterTool` hook may change: the output the model sees, its error flag, and whether the run is now tainted. */
export interface AfterToolResult {
  content?: ToolResultContent;
  isError?: boolean;
  taint?: TaintSource;
}

/**
 * The hook contract between the loop (core) and whoever governs it (governance, the harness).
 * Several hook sets run in order; `afterTool` is where redaction and taint detection run, so a
 * hook that throws there withholds the output (fail closed).
 */
export interface HooksV1 {
  beforeModel?(ctx: BeforeModelContext): HookResult<{ request?: ModelRequest }>;
  afterModel?(ctx: AfterModelContext): HookResult<{ retry?: string }>;
  beforeTool?(ctx: BeforeToolContext): HookResult<{ block?: string }>;
  afterTool?(ctx: AfterToolContext): HookResult<AfterToolResult>;
}

import type { JsonObject, JsonValue } from './json.js';
import type { LedgerSource, TodoItem } from './progress.js';
import type { RunScope } from './scope.js';
import type { ToolResultContent } from './message.js';
import type { ToolSpec } from './tool-spec.js';
import type { INTERFACE_VERSIONS } from './version.js';

/**
 * Something a running tool reports (progress, a warning); the loop turns it into a run event. A
 * progress notice with `todos` or `sources` (the whole list) becomes a `progress` event as well.
 */
export interface ToolNotice {
  type: 'progress' | 'warning';
  message: string;
  todos?: readonly TodoItem[];
  sources?: readonly LedgerSource[];
}

/**
 * Run notes a tool keeps with the conversation (a todo list, a source ledger): core stores each
 * `set` as a session `meta` record (`warden.note.<key>`), restores them on resume and when the
 * conversation continues, and writes them again after compaction. Notes are never put in the
 * system prompt: they reach the model only through the tool's own results.
 */
export interface ToolNotes {
  get(key: string): JsonValue | undefined;
  set(key: string, value: JsonValue): void;
}

export interface ToolContext {
  signal: AbortSignal;
  callId: string;
  runId: string;
  /** The workspace root the run is jailed to, when there is one. */
  workspace?: string;
  /**
   * The run's task scope, for tools that enforce part of it themselves: the shell tool lets its
   * OS sandbox reach the hosts the task names. Absent when the run has no scope.
   */
  scope?: RunScope;
  /**
   * True when the run had read untrusted content before this call (filled by core). A tool that
   * stores what it is given (the memory tools) marks it as derived from untrusted content.
   */
  tainted?: boolean;
  emit(notice: ToolNotice): void;
  /** The run's notes (kept in memory for the run; stored when it has a session). Absent from callers other than core. */
  notes?: ToolNotes;
}

/** What `execute` may return: text, parts, or a result that says it failed without throwing. */
export type ToolOutput = string | ToolResultContent | { content: string | ToolResultContent; isError?: boolean };

export type ArgsValidation = { ok: true; args: JsonObject } | { ok: false; message: string };

/** A tool's own permission, loosest first: `allow` → `ask` → `deny`. */
export type ToolPermission = 'allow' | 'ask' | 'deny';

export interface ToolV1 extends ToolSpec {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['tool'];
  /** Per-call time limit; the loop turns an overrun into an error result. */
  readonly timeoutMs?: number;
  /**
   * The tool's own permission: `allow` (the policy decides), `ask` (at least ask, even where the
   * policy allows) or `deny` (never run). It can only tighten what the gate decided, never loosen it.
   */
  readonly permission?: ToolPermission;
  /**
   * Identical calls within one run (same tool, same canonical arguments) are answered from a cache
   * for `ttlMs` (true: 5 minutes). Only for tools that are not mutating, destructive or open-world;
   * the gate still decides each call.
   */
  readonly cacheable?: boolean | { readonly ttlMs: number };
  /** Checks (and may normalise) arguments before `execute`; the message is shown to the model. */
  validate?(args: JsonObject): ArgsValidation;
  execute(args: JsonObject, ctx: ToolContext): ToolOutput | Promise<ToolOutput>;
}

/** Short name for `ToolV1`, following the newest version; code that must not move across majors names `ToolV1`. */
export type Tool = ToolV1;

export function toolSpecOf(tool: ToolV1): ToolSpec {
  const spec: ToolSpec = { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
  if (tool.annotations) spec.annotations = tool.annotations;
  return spec;
}

/** Normalises any `ToolOutput` to content plus an error flag. */
export function normalizeToolOutput(output: ToolOutput): { content: ToolResultContent; isError: boolean } {
  if (typeof output === 'string') return { content: [{ type: 'text', text: output }], isError: false };
  if (Array.isArray(output)) return { content: output, isError: false };
  const content = typeof output.content === 'string' ? [{ type: 'text' as const, text: output.content }] : output.content;
  return { content, isError: output.isError === true };
}

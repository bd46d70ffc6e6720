import type { JsonValue } from '@warden/protocol';

/** One message of a probe's conversation so far, as the spec shapes it. */
export interface ProbeHistoryEntry {
  role: 'user' | 'assistant';
  content: string;
}

/** What a hook (cleanup, close) receives: a copy of the most recent call's context. */
export interface ProbeHookContext {
  history: ProbeHistoryEntry[];
  conversation_id: string;
  probe_id: string;
}

/** The third argument of a target's `call`. */
export interface ProbeCallContext extends ProbeHookContext {
  /** Aborted when the call times out. A synchronous function cannot be interrupted: it must bound itself. */
  signal: AbortSignal;
}

/**
 * What a probe talks to. `call` may be sync or async and returns
 * `{ output, error?, run_log?, evidence? }` (any other key is rejected).
 * `cleanup(context)` returns a cleanup report or null; `close(context)` must
 * return nothing. Both optional; both receive a copy of the latest context.
 * Throw RunStopped from any of them to report that the run was stopped.
 */
export interface ProbeTarget {
  readonly name: string;
  /** Timeout of each entry call, and of each hook's loading plus invocation (default 300 s). */
  readonly timeoutMs?: number;
  /** Loads the entry ahead of the first call; the call's deadline starts after it. */
  prepare?(): unknown;
  call(prompt: string, material: JsonValue | undefined, context: ProbeCallContext): unknown;
  cleanup?(context: ProbeHookContext): unknown;
  close?(context: ProbeHookContext): unknown;
  /** Releases what the target itself holds (a module target's worker), after finalization. */
  dispose?(): unknown;
}

/** A target built from a target file: `verify` loads what it needs (functions, a connection) without calling it. */
export interface LoadedTarget extends ProbeTarget {
  /** Loads the entry and every hook (or connects) without calling any; rejects with what failed. */
  verify(): Promise<void>;
}

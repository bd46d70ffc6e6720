import type { JsonValue } from '@warden/protocol';

export interface ProbeHistoryEntry {
  prompt: string;
  material?: JsonValue;
  output: string;
}

/** The third argument of a target's `call`. */
export interface ProbeCallContext {
  history: ProbeHistoryEntry[];
  conversation_id: string;
  probe_id: string;
  /** Aborted when the call times out. A synchronous function cannot be interrupted: it must bound itself. */
  signal: AbortSignal;
}

/**
 * What a probe talks to. `call` may be sync or async and returns
 * `{ output, error?, run_log?, evidence? }` (any other key is rejected).
 * `cleanup` returns a cleanup report; `close` releases resources. Both optional.
 */
export interface ProbeTarget {
  readonly name: string;
  /** Per-call timeout (default 300 s). */
  readonly timeoutMs?: number;
  call(prompt: string, material: JsonValue | undefined, context: ProbeCallContext): unknown;
  cleanup?(): unknown;
  close?(): unknown;
}

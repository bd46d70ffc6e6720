import {
  errorCodeOf,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Decision,
  type JsonValue,
  type Message,
  type Owner,
  type SessionRecord,
  type SessionRelease,
  type SessionStoreV1,
  type ToolCallPart,
  type ToolResultPart,
  type Usage,
} from '@warden/protocol';
import { sessionError } from './coded-errors.js';
import { newId } from './ids.js';

interface Waiter {
  /** Rejects on failure instead of reporting a warning. */
  strict: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Batch {
  records: SessionRecord[];
  waiters: Waiter[];
}

/**
 * Appends a run's records to its session as they happen, in order, each
 * append with the store's current version as `expectedVersion`.
 *
 * Group commit: records written while an append is in flight — or in the same
 * turn of the event loop (a step's assistant message and its tool calls) — go
 * out together as ONE append, so one durable write (one fsync on the JSONL
 * store) covers them. Acknowledged still means durable: each `write` settles
 * only once the append holding its records has returned.
 *
 * A failed append never fails the run: it becomes one warning, and the writer
 * stops (later records would no longer line up with what is stored).
 * `writeOrThrow` is the exception, for records the caller must not act without.
 */
export class SessionWriter {
  readonly sessionId: string;
  private version: number;
  private chain: Promise<void> = Promise.resolve();
  private pending: Batch | undefined;
  private broken = false;

  constructor(
    private readonly store: SessionStoreV1,
    sessionId: string,
    version: number,
    private readonly owner: Owner | undefined,
    private readonly onFailure: (code: string, message: string) => void,
  ) {
    this.sessionId = sessionId;
    this.version = version;
  }

  /** Queues records; the promise settles once they are stored (or the failure was reported). Never rejects. */
  write(records: SessionRecord[]): Promise<void> {
    if (records.length === 0) return this.chain;
    return this.enqueue(records, false);
  }

  /**
   * Queues records that must be stored before the caller acts on them (a resumed approval about to
   * run): rejects when they are not stored — the append failed, lost a race (`session.version_conflict`),
   * or an earlier append already broke the writer. The failure is not turned into a warning.
   */
  writeOrThrow(records: SessionRecord[]): Promise<void> {
    return this.enqueue(records, true);
  }

  /**
   * Asks the store to keep the session open for this writer (`SessionStoreV1.hold`): resolves the
   * release, or undefined when the store has no holds, the session is busy elsewhere or holding failed
   * (appends then lock one by one, as before; a hold only saves work).
   */
  async hold(): Promise<SessionRelease | undefined> {
    if (!this.store.hold) return undefined;
    try {
      return await this.store.hold(this.sessionId);
    } catch {
      return undefined;
    }
  }

  /** Settles once everything queued so far is stored (or reported). */
  flush(): Promise<void> {
    return this.chain;
  }

  private enqueue(records: SessionRecord[], strict: boolean): Promise<void> {
    let batch = this.pending;
    if (!batch) {
      const fresh: Batch = { records: [], waiters: [] };
      batch = fresh;
      this.pending = fresh;
      // The batch closes when the append before it has returned and one event-loop turn has passed:
      // whatever was written meanwhile joins it.
      this.chain = this.chain.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => this.commit(fresh));
    }
    for (const record of records) batch.records.push(record);
    const target = batch;
    return new Promise<void>((resolve, reject) => target.waiters.push({ strict, resolve, reject }));
  }

  private async commit(batch: Batch): Promise<void> {
    if (this.pending === batch) this.pending = undefined;
    let failure: unknown;
    if (this.broken) {
      failure = sessionError({
        code: 'session.io',
        message: `session ${this.sessionId}: an earlier append failed, so nothing more can be recorded`,
        hint: 'Load the session again and retry.',
      });
    } else if (batch.records.length > 0) {
      try {
        const options = { expectedVersion: this.version, opId: batch.records[0]!.id, ...(this.owner ? { owner: this.owner } : {}) };
        const result = await this.store.append(this.sessionId, batch.records, options);
        this.version = result.version;
      } catch (error) {
        this.broken = true;
        failure = error;
        if (batch.waiters.some((w) => !w.strict)) {
          this.onFailure(
            'core.session_write_failed',
            `session ${this.sessionId}: appending failed (${errorCodeOf(error)}); later records of this run are not stored`,
          );
        }
      }
    }
    for (const waiter of batch.waiters) {
      if (failure !== undefined && waiter.strict) waiter.reject(failure);
      else waiter.resolve();
    }
  }

  message(message: Message): Promise<void> {
    return this.write([{ type: 'message', id: newId('rec'), at: now(), message: structuredClone(message) }]);
  }

  toolResult(result: ToolResultPart): Promise<void> {
    return this.write([{ type: 'tool_result', id: newId('rec'), at: now(), result: structuredClone(result) }]);
  }

  /** A `meta` record; usage and cost on it are summed into the session's cost by the stores. */
  meta(key: string, value: JsonValue, usage?: Usage, costUsd?: number): Promise<void> {
    return this.write([{ type: 'meta', id: newId('rec'), at: now(), key, value, ...(usage ? { usage: { ...usage } } : {}), ...(costUsd !== undefined ? { costUsd } : {}) }]);
  }
}

export function now(): string {
  return new Date().toISOString();
}

export function toolCallRecord(call: ToolCallPart, decision?: Decision): SessionRecord {
  return { type: 'tool_call', id: newId('rec'), at: now(), call: structuredClone(call), ...(decision ? { decision } : {}) };
}

export function approvalRecord(request: ApprovalRequest, answer?: ApprovalAnswer): SessionRecord {
  return { type: 'approval', id: newId('rec'), at: now(), request: structuredClone(request), ...(answer ? { answer } : {}) };
}

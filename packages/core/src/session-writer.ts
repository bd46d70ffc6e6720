import {
  errorCodeOf,
  SessionError,
  type ApprovalAnswer,
  type ApprovalRequest,
  type Decision,
  type JsonValue,
  type Message,
  type Owner,
  type SessionRecord,
  type SessionStoreV1,
  type ToolCallPart,
  type ToolResultPart,
  type Usage,
} from '@warden/protocol';
import { newId } from './ids.js';

/**
 * Appends a run's records to its session as they happen, one append at a time
 * in order, each with the store's current version as `expectedVersion`.
 * A failed append never fails the run: it becomes one warning, and the writer
 * stops (later records would no longer line up with what is stored).
 */
export class SessionWriter {
  readonly sessionId: string;
  private version: number;
  private chain: Promise<void> = Promise.resolve();
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
    this.chain = this.chain.then(async () => {
      if (this.broken) return;
      try {
        const options = { expectedVersion: this.version, opId: records[0]!.id, ...(this.owner ? { owner: this.owner } : {}) };
        const result = await this.store.append(this.sessionId, records, options);
        this.version = result.version;
      } catch (error) {
        this.broken = true;
        const code = errorCodeOf(error);
        this.onFailure(
          'core.session_write_failed',
          `session ${this.sessionId}: appending failed (${code}); later records of this run are not stored`,
        );
      }
    });
    return this.chain;
  }

  /**
   * Queues records that must be stored before the caller acts on them (a resumed approval about to
   * run): rejects when they are not stored — the append failed, lost a race (`session.version_conflict`),
   * or an earlier append already broke the writer. The failure is not turned into a warning.
   */
  writeOrThrow(records: SessionRecord[]): Promise<void> {
    let failure: unknown;
    this.chain = this.chain.then(async () => {
      if (this.broken) {
        failure = new SessionError({
          code: 'session.io',
          message: `session ${this.sessionId}: an earlier append failed, so nothing more can be recorded`,
          hint: 'Load the session again and retry.',
        });
        return;
      }
      try {
        const options = { expectedVersion: this.version, opId: records[0]?.id ?? newId('op'), ...(this.owner ? { owner: this.owner } : {}) };
        const result = await this.store.append(this.sessionId, records, options);
        this.version = result.version;
      } catch (error) {
        this.broken = true;
        failure = error;
      }
    });
    return this.chain.then(() => {
      if (failure !== undefined) throw failure;
    });
  }

  flush(): Promise<void> {
    return this.chain;
  }

  message(message: Message): Promise<void> {
    return this.write([{ type: 'message', id: newId('rec'), at: now(), message: structuredClone(message) }]);
  }

  toolResult(result: ToolResultPart): Promise<void> {
    return this.write([{ type: 'tool_result', id: newId('rec'), at: now(), result: structuredClone(result) }]);
  }

  meta(key: string, value: JsonValue, usage: Usage, costUsd: number): Promise<void> {
    return this.write([{ type: 'meta', id: newId('rec'), at: now(), key, value, usage: { ...usage }, costUsd }]);
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

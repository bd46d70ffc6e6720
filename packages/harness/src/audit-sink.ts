import { auditLog, jsonlAuditSink, verifyAudit } from '@warden/governance';
import { join as joinPath, resolve as resolvePath } from 'node:path';
import type { JsonValue, RunEvent } from '@warden/protocol';

export interface AuditSink {
  readonly file: string;
  record(event: RunEvent): Promise<void>;
  /** An entry that is not a run's event (a handoff refused before any run started). */
  note(kind: string, data: JsonValue, runId?: string): Promise<void>;
  /** Settles once every entry recorded so far is written (a run is not over before its trail is). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface AuditCheck {
  ok: boolean;
  entries: number;
  /** 1-based line of the first broken or forged entry. */
  brokenAt?: number;
  problem?: string;
  signaturesChecked: boolean;
}

/**
 * Appends every decision, approval and tool execution of a run to governance's
 * hash-chained audit trail (HMAC-signed with a key). Entries are written in
 * event order and made durable by `flush` (one fdatasync, when a run ends); a
 * failure to write or sync is kept and reported by `close`, so a broken trail
 * is never silent.
 */
export function createAuditSink(options: { file: string; key?: string }): AuditSink {
  // Each entry is written at once (in order; a killed process loses nothing written) and the trail is
  // made durable with one fdatasync when the run flushes it: nothing in a run waits on an entry's sync,
  // and the session holds each decision durably before its tool runs (decision 0011).
  const sink = jsonlAuditSink(options.file, { sync: 'flush' });
  const log = auditLog({ sink, ...(options.key ? { key: options.key } : {}) });
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  const track = (written: Promise<unknown>): Promise<void> => {
    const done: Promise<void> = written.then(
      () => undefined,
      (error: unknown) => {
        failure ??= error;
      },
    );
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
    return done;
  };
  return {
    file: options.file,
    // Not queued behind the previous entry's fdatasync: the log chains entries in call order and the
    // sink group-commits whatever arrives while a write is in flight.
    record: (event) => track(log.recordEvent(event)),
    // Outside a run nothing else flushes it: a note is durable before it settles.
    note: async (kind, data, runId) => {
      await track(log.record(kind, data, runId));
      await track(sink.sync?.() ?? Promise.resolve());
    },
    async flush() {
      await Promise.all(inFlight);
      await track(sink.sync?.() ?? Promise.resolve());
    },
    async close() {
      await Promise.all(inFlight);
      await track(sink.sync?.() ?? Promise.resolve());
      if (failure !== undefined) throw failure;
    },
  };
}

/** Verifies a trail file (and its signatures when a key is given). */
export async function verifyAuditFile(file: string, key?: string): Promise<AuditCheck> {
  const result = await verifyAudit(file, key);
  return {
    ok: result.ok,
    entries: result.entries,
    signaturesChecked: result.signaturesChecked,
    ...(result.firstBad ? { brokenAt: result.firstBad.line, problem: result.firstBad.problem } : {}),
  };
}

/** An audit trail opened outside a harness: records for work it governs outside a run. */
export interface AuditTrail {
  readonly file: string;
  /** One record (hash-chained after the trail's last), durable when it settles. */
  note(kind: string, data: JsonValue, runId?: string): Promise<void>;
  /** Waits for every record (a record that could not be written rejected its own `note`). */
  close(): Promise<void>;
}

/**
 * The audit trail a harness with these options writes — `audit.file` (relative to the workspace),
 * else `.warden/audit.jsonl`, signed with `audit.key` / `audit.keyEnv` —, for records outside a run
 * (a workflow's steps, written between its agents' runs); undefined when `audit` is false.
 */
export function openAuditTrail(options: { workdir: string; audit?: false | { file?: string; key?: string; keyEnv?: string }; env?: Readonly<Record<string, string | undefined>> }): AuditTrail | undefined {
  const { audit, workdir } = options;
  if (audit === false) return undefined;
  const key = audit?.key ?? (audit?.keyEnv ? options.env?.[audit.keyEnv] : undefined);
  const file = audit?.file ? resolvePath(workdir, audit.file) : joinPath(workdir, '.warden', 'audit.jsonl');
  // Each record opens the trail at its tail and closes it again: runs of harnesses in between (a
  // workflow's agents) append to the same chain, and this one continues after them.
  let queue: Promise<void> = Promise.resolve();
  return {
    file,
    note(kind, data, runId) {
      const written = queue.then(async () => {
        const sink = createAuditSink({ file, ...(key ? { key } : {}) });
        await sink.note(kind, data, runId);
        await sink.close();
      });
      queue = written.catch(() => undefined);
      return written;
    },
    close: () => queue,
  };
}

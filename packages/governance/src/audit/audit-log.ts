import { policyError } from '../util/coded-errors.js';
import { canonicalJson } from '@warden/protocol/policy';
import type { JsonObject, JsonValue, RunEvent, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { hmacHex, sha256Hex } from '../util/digest.js';
import { AuditEntry, GENESIS_HASH, entryHash } from './audit-entry.js';
import type { AuditSink } from './audit-sinks.js';
import type { SubjectKeyStore } from './subject-keys.js';
import { sealForSubject } from './subject-tokens.js';

export interface AuditLogOptions {
  sink: AuditSink;
  /** HMAC key: every entry is signed, so `verifyAudit` with the key detects forged entries. */
  key?: string | Uint8Array;
  /** `hash`: tool arguments (and the task text) are stored as digests, so the trail holds no personal data. Default `full`. */
  auditArgs?: 'full' | 'hash';
  /** The clock. */
  now?: () => Date;
  /**
   * Erasure that keeps the chain: for a run about a data subject (`of(runId)`, the run's `subject`
   * tag), the task, tool arguments, approval arguments and handoff summaries are stored only as
   * tokens sealed under that person's key (`keys`), and `run_start` names the subject by a random
   * ref. The chain hashes the tokens, so destroying the key (`eraseSubject`) leaves it verifiable.
   */
  subjects?: { keys: SubjectKeyStore; of: (runId: string | undefined) => string | undefined };
}

export interface AuditLog {
  /** Appends one entry (entries are chained in call order). */
  record(kind: string, data: JsonValue, runId?: string): Promise<AuditEntry>;
  /** Appends what matters of a run event: decisions, approvals, executions, taint, start and end. Other events are skipped. */
  recordEvent(event: RunEvent): Promise<AuditEntry | undefined>;
  /** The hash of the last entry written (anchor it elsewhere to detect truncation). */
  head(): Promise<string>;
}

/** The digest stored instead of arguments under `auditArgs: 'hash'`. */
export function argsDigest(args: JsonValue): string {
  return `sha256:${sha256Hex(canonicalJson(args))}`;
}

const AUDIT_LOG_KEYS = { sink: true, key: true, auditArgs: true, now: true, subjects: true } satisfies OptionKeys<AuditLogOptions>;

/**
 * An append-only, hash-chained audit trail: each entry carries the hash of
 * the previous one, and with a key an HMAC signature. Continues the chain of
 * whatever the sink already holds; refuses to continue a trail whose last
 * line is torn or not an entry (verify it first).
 */
export function auditLog(options: AuditLogOptions): AuditLog {
  strictOptions('auditLog', AUDIT_LOG_KEYS, options);
  const { sink, key } = options;
  const now = options.now ?? (() => new Date());
  const hashArgs = options.auditArgs === 'hash';
  let state: Promise<{ seq: number; hash: string }> | undefined;
  /** The last entry handed to the sink (entries are built one at a time, in call order). */
  let queue: Promise<{ appended: Promise<void> } | undefined> = Promise.resolve(undefined);

  async function start(): Promise<{ seq: number; hash: string }> {
    const last = await sink.last();
    if (last === undefined) return { seq: 0, hash: GENESIS_HASH };
    let parsed: AuditEntry;
    try {
      parsed = AuditEntry.parse(JSON.parse(last));
    } catch (error) {
      throw policyError({
        code: 'policy.audit_corrupt',
        message: 'the audit trail ends with a line that is not an entry (torn or edited)',
        hint: 'Run verifyAudit on the trail, keep a copy, and start a new trail file.',
        cause: error,
      });
    }
    return { seq: parsed.seq, hash: parsed.hash };
  }

  /** How a personal value of this run is kept: sealed under its subject's key, else by `auditArgs`. */
  function personal(runId: string | undefined): ((value: JsonValue) => string) | undefined {
    const subject = options.subjects?.of(runId);
    if (subject === undefined) return undefined;
    const key = (options.subjects as NonNullable<AuditLogOptions['subjects']>).keys.keyFor(subject);
    return (value) => sealForSubject(key, value);
  }

  function args(value: JsonObject, seal?: ReturnType<typeof personal>): JsonValue {
    if (seal) return { sealed: seal(value) };
    return hashArgs ? { digest: argsDigest(value) } : value;
  }

  /** A text kept as it is, as a digest (`auditArgs: 'hash'`) or sealed for the run's subject. */
  function text(value: JsonValue, seal?: ReturnType<typeof personal>): JsonValue {
    if (seal) return seal(value);
    return hashArgs ? argsDigest(value) : value;
  }

  /** The first failed append: the chain has a gap after it, so every later entry is refused. */
  let broken: unknown;

  /**
   * Builds the next entry and hands it to the sink. The chain advances as soon as the entry is
   * built, not once it is durable, so a group-committing sink can carry several entries in one
   * write; `appended` settles when this entry's line is written.
   */
  async function build(kind: string, data: JsonValue, runId?: string): Promise<{ entry: AuditEntry; appended: Promise<void> }> {
    if (broken !== undefined) throw broken;
    state ??= start();
    let current: { seq: number; hash: string };
    try {
      current = await state;
    } catch (error) {
      state = undefined;
      throw error;
    }
    const body = { seq: current.seq + 1, at: now().toISOString(), kind, ...(runId !== undefined ? { runId } : {}), data, prev: current.hash };
    const hash = entryHash(body);
    const entry: AuditEntry = { ...body, hash, ...(key !== undefined ? { sig: `hmac-sha256:${hmacHex(key, hash)}` } : {}) };
    const appended = sink.append(JSON.stringify(entry)).catch((error: unknown) => {
      broken ??= error;
      throw error;
    });
    state = Promise.resolve({ seq: entry.seq, hash });
    return { entry, appended };
  }

  function record(kind: string, data: JsonValue, runId?: string): Promise<AuditEntry> {
    const built = queue.then(() => build(kind, data, runId));
    queue = built.catch(() => undefined);
    return built.then(async ({ entry, appended }) => {
      await appended;
      return entry;
    });
  }

  function eventData(event: RunEvent): { kind: string; data: JsonValue } | undefined {
    const seal = personal(event.runId);
    switch (event.type) {
      case 'run_start':
        return {
          kind: 'run_start',
          data: { sessionId: event.sessionId ?? null, provider: event.provider, model: event.model, task: text(event.task, seal), ...(seal ? { subject: subjectRef(event.runId) } : {}), ...(event.agent !== undefined ? { agent: event.agent } : {}), ...(event.agentVersion !== undefined ? { agentVersion: event.agentVersion } : {}) },
        };
      case 'handoff': {
        // Who held the conversation when: the record (its summary hashed like arguments under `auditArgs: 'hash'`) and the receipt.
        const { handoff, receipt } = event;
        const { contextSummary, metadata, ...rest } = handoff;
        return {
          kind: 'handoff',
          data: { ...rest, contextSummary: text(contextSummary, seal), metadata: text(metadata, seal), receipt } as unknown as JsonValue,
        };
      }
      case 'subagent':
        return { kind: 'subagent', data: { phase: event.phase, agent: event.agent, childRunId: event.childRunId, ...(event.stopReason ? { stopReason: event.stopReason } : {}) } };
      case 'tool_call':
        return { kind: 'tool_call', data: { step: event.step, callId: event.callId, name: event.name, args: args(event.args, seal) } };
      case 'tool_decision':
        return {
          kind: 'decision',
          data: { step: event.step, callId: event.callId, name: event.name, decision: event.decision, ...(event.approval ? { approval: event.approval } : {}) },
        };
      case 'approval_pending': {
        const { request } = event;
        return {
          kind: 'approval_pending',
          data: { id: request.id, callId: request.call.id, name: request.call.name, args: args(request.call.args, seal), decision: request.decision, requestedFor: request.requestedFor ?? null, digest: request.digest ?? null },
        };
      }
      case 'tool_result':
        return { kind: 'execution', data: { step: event.step, callId: event.callId, name: event.name, status: event.status, isError: event.isError, durationMs: event.durationMs } };
      case 'taint':
        return { kind: 'taint', data: { source: event.source, reason: event.reason } };
      case 'scope':
        return { kind: 'scope', data: event.scope as unknown as JsonValue };
      case 'change_set':
        // What the run changed, by effect class, and what approved each (issue 34).
        return { kind: 'change_set', data: { changes: event.changes } };
      case 'run_end':
        return { kind: 'run_end', data: { stopReason: event.stopReason, steps: event.steps } };
      default:
        return undefined;
    }
  }

  function subjectRef(runId: string | undefined): string {
    const subjects = options.subjects as NonNullable<AuditLogOptions['subjects']>;
    return subjects.keys.keyFor(subjects.of(runId) as string).ref;
  }

  return {
    record,
    async recordEvent(event) {
      const found = eventData(event);
      return found ? record(found.kind, found.data, event.runId) : undefined;
    },
    async head() {
      // The sink writes lines in order, so the last one written means every one before it is too.
      await (await queue)?.appended.catch(() => undefined);
      state ??= start();
      return (await state).hash;
    },
  };
}

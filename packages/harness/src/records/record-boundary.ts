import type { ApprovalRecord, ApprovalRequest, JsonObject, SessionRecord } from '@warden/protocol';
import type { Redactor } from '@warden/governance';
import { sealError } from '../coded-errors.js';
import { isSealed, SEAL_KEY_ENV, type RecordSealer } from './record-sealer.js';

/** Kept as they are: ids, times, kinds, digests and provider signatures (redacting one would break a resume). */
const KEPT_KEYS = new Set(['id', 'callId', 'runId', 'sessionId', 'at', 'type', 'role', 'digest', 'signature', 'createdAt', 'expiresAt', 'protocolVersion', 'key']);
/** Arguments withheld because they held a secret and no seal key was set: `{ "$warden.withheld": <redacted args> }`. */
export const WITHHELD_KEY = '$warden.withheld';

/**
 * The one redaction boundary of what a harness writes (issue #45): every record a session store
 * receives, and every request an approval store keeps, goes through `redactor` here, so the
 * model's tool-call arguments, the task and the title reach no store with a known secret in them.
 * A pending approval's arguments must run verbatim after a resume (and hash to its digest): when
 * redaction would change them they are sealed instead (`record-sealer.ts`), and opened on load.
 */
export interface RecordBoundary {
  record(record: SessionRecord): SessionRecord;
  title(title: string): string;
  /** The request to keep while it waits: arguments sealed when they hold a secret. */
  pendingRequest(request: ApprovalRequest): ApprovalRequest;
  /** The request back with its arguments opened (throws `seal.key_missing` / `seal.open_failed`). */
  openRequest(request: ApprovalRequest): ApprovalRequest;
  /** Records loaded from a store, with every still-pending approval's arguments opened. */
  loaded(records: SessionRecord[]): SessionRecord[];
}

export function createRecordBoundary(redactor: Redactor, sealer: RecordSealer): RecordBoundary {
  function scrub(value: unknown): unknown {
    if (Array.isArray(value)) return value.map(scrub);
    if (value === null || typeof value !== 'object') return typeof value === 'string' ? redactor.redact(value) : value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (KEPT_KEYS.has(k) && typeof v === 'string') out[k] = v;
      else if (v !== null && typeof v === 'object') out[k] = scrub(v);
      // The redactor's JSON walk also replaces values under secret-named keys (`{ token: "…" }`).
      else out[k] = (redactor.redactJson({ [k]: v }) as Record<string, unknown>)[k];
    }
    return out;
  }
  const contextOf = (request: ApprovalRequest): string => `approval:${request.id}:${request.call.id}`;
  function pendingRequest(request: ApprovalRequest): ApprovalRequest {
    if (isSealed(request.call.args)) return scrub(request) as ApprovalRequest;
    const clean = scrub(request) as ApprovalRequest;
    const redactedArgs = clean.call.args;
    if (JSON.stringify(redactedArgs) === JSON.stringify(request.call.args)) return clean;
    const args: JsonObject = sealer.hasKey ? sealer.seal(request.call.args, contextOf(request)) : { [WITHHELD_KEY]: redactedArgs };
    return { ...clean, call: { ...clean.call, args } };
  }
  function openRequest(request: ApprovalRequest): ApprovalRequest {
    const args = request.call.args;
    if (WITHHELD_KEY in args) {
      throw sealError({
        code: 'seal.key_missing',
        message: `The arguments of approval ${request.id} held a secret and were not kept, because ${SEAL_KEY_ENV} was not set when the run asked.`,
        hint: `Set ${SEAL_KEY_ENV} (or WARDEN_SEAL_KEY_FILE) before runs that park approvals, and ask the model again.`,
      });
    }
    return isSealed(args) ? { ...request, call: { ...request.call, args: sealer.open(args, contextOf(request)) } } : request;
  }
  return {
    title: (title) => redactor.redact(title),
    record(record) {
      if (record.type === 'approval' && record.answer === undefined) return { ...(scrub({ ...record, request: undefined }) as ApprovalRecord), request: pendingRequest(record.request) };
      return scrub(record) as SessionRecord;
    },
    pendingRequest,
    openRequest,
    loaded(records) {
      const answered = new Set(records.flatMap((r) => (r.type === 'approval' && r.answer !== undefined ? [r.request.id] : [])));
      return records.map((r) => {
        if (r.type !== 'approval' || r.answer !== undefined || answered.has(r.request.id)) return r;
        return { ...r, request: openRequest(r.request) };
      });
    },
  };
}

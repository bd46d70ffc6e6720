import { HANDOFF_RECEIPT_META_KEY, HANDOFF_RECEIVED_META_KEY } from '@warden/core';
import type { Redactor } from '@warden/governance';
import { SessionError, type Handoff, type HandoffReceipt, type JsonValue, type Owner, type SessionRecord, type SessionStoreV1 } from '@warden/protocol';
import type { AuditSink } from './audit-sink.js';


export interface RejectedHandoffDeps {
  store: SessionStoreV1;
  redactor: Redactor;
  audit?: AuditSink;
}

function meta(key: string, value: JsonValue, at: string, id: string): SessionRecord {
  return { type: 'meta', id, at, key, value };
}

async function loadOrCreate(store: SessionStoreV1, sessionId: string, owner: Owner | undefined): Promise<number> {
  try {
    return (await store.load(sessionId, owner)).version;
  } catch (error) {
    if (!SessionError.isInstance(error) || error.code !== 'session.not_found') throw error;
    await store.create({ id: sessionId, ...(owner ? { owner } : {}), title: 'a refused handoff' });
    return (await store.load(sessionId, owner)).version;
  }
}

/**
 * A handoff from outside refused before any run started: its receipt (and the record, when it was
 * readable, redacted) go to the session and the audit trail, as an accepted one's do through the run.
 */
export async function recordRejectedHandoff(deps: RejectedHandoffDeps, sessionId: string, rejected: { handoff?: Handoff; receipt: HandoffReceipt }, owner?: Owner): Promise<void> {
  const { receipt } = rejected;
  const handoff = rejected.handoff ? (deps.redactor.redactJson(rejected.handoff)) : undefined;
  const at = receipt.at;
  const records = [
    ...(handoff ? [meta(HANDOFF_RECEIVED_META_KEY, handoff, at, `handoff-received:${receipt.handoffId}:${at}`)] : []),
    meta(HANDOFF_RECEIPT_META_KEY, receipt, at, `handoff-receipt:${receipt.handoffId}:${at}`),
  ];
  const version = await loadOrCreate(deps.store, sessionId, owner);
  await deps.store.append(sessionId, records, { expectedVersion: version, opId: `handoff-rejected:${sessionId}:${receipt.handoffId}:${at}`, ...(owner ? { owner } : {}) });
  const summary = handoff ? { id: handoff.id, from: handoff.from, to: handoff.to } : {};
  await deps.audit?.note('handoff', { ...summary, sessionId, receipt } as unknown as JsonValue);
}

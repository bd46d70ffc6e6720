import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import { handoffReceipt, type HandoffRefusal } from '@warden/protocol/handoff';
import type { Handoff, HandoffReceipt, JsonValue, SessionRecord } from '@warden/protocol';
import { newId } from './ids.js';
import type { RunContext } from './run-context.js';
import { now } from './session-writer.js';

/** Session `meta` keys of a handoff and its receipt (the protocol's records, stored as they are). */
export const HANDOFF_META_KEY = SESSION_META_KEYS.handoff;
export const HANDOFF_RECEIPT_META_KEY = SESSION_META_KEYS.handoffReceipt;
/** A handoff received from outside the process (fleet, A2A): a separate key, so it never picks a conversation's holder. */
export const HANDOFF_RECEIVED_META_KEY = SESSION_META_KEYS.handoffReceived;

function meta(key: string, value: JsonValue): SessionRecord {
  return { type: 'meta', id: newId('rec'), at: now(), key, value };
}

/** A refusal by code (one of the protocol's `HANDOFF_REFUSALS`) and its values, for front ends that translate. */
export interface HandoffRefusalNote {
  code: HandoffRefusal;
  params?: Record<string, string | number>;
}

/** The `handoff` event and both records in the session, for a granted or refused handoff. */
export function recordHandoff(run: RunContext, handoff: Handoff, answer: { status: HandoffReceipt['status']; reason?: string; by?: string; refusal?: HandoffRefusalNote }): HandoffReceipt {
  const receipt = handoffReceipt(handoff, answer.status, { ...(answer.reason !== undefined ? { reason: answer.reason } : {}), ...(answer.by !== undefined ? { by: answer.by } : {}) });
  run.emit({ type: 'handoff', handoff, receipt, ...(answer.refusal ? { refusal: answer.refusal } : {}) });
  if (answer.status === 'accepted') run.state.lastHandoff = { handoff, receipt };
  if (run.session) void run.session.write(handoffRecords(handoff, receipt));
  return receipt;
}

/** A handoff received from outside that this run starts from: the `handoff` event and both records. */
export function recordReceivedHandoff(run: RunContext, handoff: Handoff, receipt: HandoffReceipt): void {
  run.emit({ type: 'handoff', handoff, receipt });
  if (run.session) void run.session.write([meta(HANDOFF_RECEIVED_META_KEY, handoff), meta(HANDOFF_RECEIPT_META_KEY, receipt)]);
}

/** The two `meta` records of a handoff and its receipt. */
export function handoffRecords(handoff: Handoff, receipt: HandoffReceipt): SessionRecord[] {
  return [meta(HANDOFF_META_KEY, handoff), meta(HANDOFF_RECEIPT_META_KEY, receipt)];
}

function isHandoff(value: unknown): value is Handoff {
  const v = value as Partial<Handoff> | null;
  return v?.version === 1 && typeof v.id === 'string' && typeof v.from === 'string' && typeof v.to === 'string';
}

function isReceipt(value: unknown): value is HandoffReceipt {
  const v = value as Partial<HandoffReceipt> | null;
  return v?.version === 1 && typeof v.handoffId === 'string' && (v.status === 'accepted' || v.status === 'rejected');
}

/**
 * Who gets the next turn of a stored conversation: after the last accepted handoff, its receiver
 * when it was sticky, else the agent that handed off. Undefined when nothing was handed over.
 */
export function storedHolder(records: readonly SessionRecord[]): { holder: string; handoff: Handoff; receipt: HandoffReceipt } | undefined {
  const handoffs = new Map<string, Handoff>();
  let found: { holder: string; handoff: Handoff; receipt: HandoffReceipt } | undefined;
  for (const record of records) {
    if (record.type !== 'meta') continue;
    if (record.key === HANDOFF_META_KEY && isHandoff(record.value)) handoffs.set(record.value.id, record.value);
    else if (record.key === HANDOFF_RECEIPT_META_KEY && isReceipt(record.value) && record.value.status === 'accepted') {
      const handoff = handoffs.get(record.value.handoffId);
      if (handoff) found = { holder: handoff.sticky === false ? handoff.from : handoff.to, handoff, receipt: record.value };
    }
  }
  return found;
}

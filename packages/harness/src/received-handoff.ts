import { handoffReceipt, HANDOFF_LIMITS } from '@warden/protocol/handoff';
import { WardenError, type Handoff, type HandoffReceipt } from '@warden/protocol';
import { handoffFromJson } from '@warden/protocol/schemas';

/** A handoff from outside the process (a fleet job, an A2A message), checked: accepted, or rejected with the reason. */
export type ReceivedHandoff = { status: 'accepted'; handoff: Handoff; receipt: HandoffReceipt } | { status: 'rejected'; handoff?: Handoff; receipt: HandoffReceipt };

export interface HandoffReceiver {
  /** Who answers when the record is unreadable (a receipt's `by`); a valid record is answered by its `to`. */
  by: string;
  /** The agent a record must be addressed to (an A2A server's agent); any `to` when absent (a fleet worker). */
  expectTo?: string;
  at?: Date;
}

function idOf(raw: unknown): string {
  const id = raw !== null && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id.length > 0 && id.length <= 128 ? id : 'unknown';
}

function parsedId(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > HANDOFF_LIMITS.jsonBytes) return idOf(raw);
  try {
    return idOf(JSON.parse(raw));
  } catch {
    return 'unknown';
  }
}

/**
 * Checks a handoff the way every transport does: through the protocol's `handoffFromJson` (size
 * first, then the schema), so a fleet job and an A2A message meet the same limits as an in-process
 * handoff. An object is read as its JSON. Never throws: a bad record is a rejected receipt whose
 * reason starts with the error's code (`protocol.too_large: …`).
 */
export function receiveHandoff(raw: unknown, receiver: HandoffReceiver): ReceivedHandoff {
  const at = (receiver.at ?? new Date()).toISOString();
  let handoff: Handoff;
  try {
    const json = typeof raw === 'string' ? raw : JSON.stringify(raw);
    handoff = handoffFromJson(json);
  } catch (error) {
    const reason = WardenError.isInstance(error) ? `${error.code}: ${error.message}` : `protocol.invalid_value: ${String(error)}`;
    return { status: 'rejected', receipt: handoffReceipt({ id: parsedId(raw), to: receiver.by }, 'rejected', { reason, at }) };
  }
  if (receiver.expectTo !== undefined && handoff.to !== receiver.expectTo) {
    return { status: 'rejected', handoff, receipt: handoffReceipt(handoff, 'rejected', { reason: `handoff.wrong_agent: the handoff is addressed to ${handoff.to}, this is ${receiver.expectTo}`, by: receiver.expectTo, at }) };
  }
  return { status: 'accepted', handoff, receipt: handoffReceipt(handoff, 'accepted', { at }) };
}

/**
 * What the receiving run starts from: the handing agent's summary, its artifacts and suggested next
 * action, then the task (when one came with the handoff). The summary is the handing agent's words:
 * it is context for the model, and the run's scope is computed from the task alone.
 */
export function handoffTaskText(handoff: Handoff, task: string): string {
  const lines = [`[Handoff ${handoff.id} from ${handoff.from} to ${handoff.to}]`, handoff.contextSummary];
  if (handoff.artifacts.length > 0) lines.push('Artifacts:', ...handoff.artifacts.map((a) => `- ${a}`));
  if (handoff.suggestedNextAction) lines.push(`Suggested next action: ${handoff.suggestedNextAction}`);
  if (handoff.confidence !== undefined) lines.push(`Confidence of ${handoff.from}: ${handoff.confidence}`);
  if (task.trim()) lines.push('', `Task: ${task}`);
  return lines.join('\n');
}

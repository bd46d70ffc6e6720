import type { ApprovalRequest } from './approval.js';
import type { Message, ToolCallPart, ToolResultPart } from './message.js';
import type { SessionRecord } from './session.js';

export const INTERRUPTED_RESULT_TEXT =
  'This tool call was interrupted before it finished (the process stopped). Its effects, if any, are unknown; check before retrying.';

export interface SessionHistory {
  /** The conversation to send a model: the latest compaction's messages, then everything after it. */
  messages: Message[];
  /** Approvals asked for and not yet answered in the session. */
  pendingApprovals: ApprovalRequest[];
  /** Calls that have neither a result nor a pending approval; each got an explicit "interrupted" result. */
  interruptedCallIds: string[];
  /** Result records dropped because a result for the same call id came first. */
  duplicateResults: number;
}

/**
 * The one reading of a session's records that every store and the loop share.
 * Assistant messages are `message` records; each tool result is its own
 * `tool_result` record (written as the call finishes, in any order) and is
 * regrouped here into one `tool` message in the order the model asked.
 */
export function historyFromRecords(records: readonly SessionRecord[]): SessionHistory {
  let start = 0;
  let messages: Message[] = [];
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.type === 'compaction') {
      messages = structuredClone(record.messages);
      start = i + 1;
      break;
    }
  }

  const results = new Map<string, ToolResultPart>();
  const pending = new Map<string, ApprovalRequest>();
  const answered = new Set<string>();
  let duplicateResults = 0;
  for (const record of records) {
    if (record.type === 'tool_result') {
      if (results.has(record.result.callId)) duplicateResults += 1;
      else results.set(record.result.callId, record.result);
    } else if (record.type === 'approval') {
      if (record.answer && record.answer.outcome !== 'pending') answered.add(record.request.call.id);
      else pending.set(record.request.call.id, record.request);
    }
  }
  for (const id of answered) pending.delete(id);

  const interrupted: string[] = [];
  const open: ToolCallPart[] = [];
  const flush = (): void => {
    if (open.length === 0) return;
    const parts: ToolResultPart[] = [];
    for (const call of open) {
      const result = results.get(call.id);
      if (result) parts.push(result);
      else if (!pending.has(call.id)) {
        interrupted.push(call.id);
        parts.push({ type: 'tool_result', callId: call.id, name: call.name, isError: true, content: [{ type: 'text', text: INTERRUPTED_RESULT_TEXT }] });
      }
    }
    if (parts.length > 0) messages.push({ role: 'tool', parts });
    open.length = 0;
  };

  for (let i = start; i < records.length; i++) {
    const record = records[i]!;
    if (record.type !== 'message') continue;
    if (record.message.role === 'tool') continue; // results live in tool_result records
    flush();
    messages.push(structuredClone(record.message));
    if (record.message.role === 'assistant') {
      for (const part of record.message.parts) if (part.type === 'tool_call') open.push(part);
    }
  }
  // Calls still waiting for an approval stay open; the rest are closed here.
  const stillPending = open.filter((c) => pending.has(c.id));
  flush();
  return {
    messages,
    pendingApprovals: stillPending.map((c) => pending.get(c.id)!),
    interruptedCallIds: interrupted,
    duplicateResults,
  };
}

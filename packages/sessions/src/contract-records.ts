import { randomUUID } from 'node:crypto';
import type { CompactionRecord, Message, MessageRecord, MetaRecord, SessionRecord, ToolCallRecord, ToolResultRecord } from '@warden/protocol';

function uid(prefix = 'r'): string {
  return `${prefix}-${randomUUID()}`;
}

/** Small record builders for tests of a session store. */
export const contractRecords = {
  uid,
  user(text: string, id = uid('user')): MessageRecord {
    return { type: 'message', id, at: new Date().toISOString(), message: { role: 'user', parts: [{ type: 'text', text }] } };
  },
  assistant(text: string, calls: { id: string; name: string }[] = [], id = uid('asst')): MessageRecord {
    const parts: Extract<Message, { role: 'assistant' }>['parts'] = [];
    if (text) parts.push({ type: 'text', text });
    for (const call of calls) parts.push({ type: 'tool_call', id: call.id, name: call.name, args: {} });
    return { type: 'message', id, at: new Date().toISOString(), message: { role: 'assistant', parts } };
  },
  toolCall(callId: string, name: string, id = uid('call')): ToolCallRecord {
    return { type: 'tool_call', id, at: new Date().toISOString(), call: { type: 'tool_call', id: callId, name, args: {} } };
  },
  toolResult(callId: string, name: string, text: string, id = uid('result')): ToolResultRecord {
    return {
      type: 'tool_result',
      id,
      at: new Date().toISOString(),
      result: { type: 'tool_result', callId, name, isError: false, content: [{ type: 'text', text }] },
    };
  },
  cost(costUsd: number, id = uid('meta')): MetaRecord {
    return { type: 'meta', id, at: new Date().toISOString(), key: 'run', value: { ok: true }, costUsd };
  },
  compaction(summary: string, messages: Message[], id = uid('compaction')): CompactionRecord {
    return { type: 'compaction', id, at: new Date().toISOString(), summary, messages, tokensBefore: 1000, tokensAfter: 100 };
  },
  /** The text of every user message record, in order. */
  userTexts(records: readonly SessionRecord[]): string[] {
    const out: string[] = [];
    for (const r of records) {
      if (r.type === 'message' && r.message.role === 'user') {
        for (const p of r.message.parts) if (p.type === 'text') out.push(p.text);
      }
    }
    return out;
  },
};

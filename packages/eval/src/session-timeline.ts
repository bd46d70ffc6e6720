import { textOf, type JsonObject, type SessionRecord } from '@warden/protocol';
import { forkOf } from './fork-session.js';

/** One model step of a stored session, as `warden replay --step N` numbers it. */
export interface TimelineStep {
  step: number;
  /** The user turn just before this step, when there is one (the task, or a later task of the conversation). */
  task?: string;
  /** What the model said at this step. */
  text: string;
  calls: Array<{ id: string; name: string; args: JsonObject; result?: { isError: boolean; text: string } }>;
}

export interface SessionTimeline {
  fork?: { parent: string; step: number };
  steps: TimelineStep[];
}

/**
 * A stored session read as steps (from any store: it reads records, not events): each model turn
 * with the task before it, its tool calls and their recorded results — what to pick a replay step from.
 */
export function sessionTimeline(records: readonly SessionRecord[]): SessionTimeline {
  const results = new Map<string, { isError: boolean; text: string }>();
  for (const record of records) if (record.type === 'tool_result' && !results.has(record.result.callId)) results.set(record.result.callId, { isError: record.result.isError, text: textOf(record.result.content) });
  const steps: TimelineStep[] = [];
  let task: string | undefined;
  for (const record of records) {
    if (record.type !== 'message') continue;
    if (record.message.role === 'user') task = textOf(record.message.parts);
    if (record.message.role !== 'assistant') continue;
    const calls = record.message.parts.flatMap((part) => (part.type === 'tool_call' ? [{ id: part.id, name: part.name, args: part.args, ...(results.has(part.id) ? { result: results.get(part.id)! } : {}) }] : []));
    steps.push({ step: steps.length + 1, ...(task !== undefined ? { task } : {}), text: textOf(record.message.parts), calls });
    task = undefined;
  }
  const fork = forkOf(records);
  return { ...(fork ? { fork } : {}), steps };
}

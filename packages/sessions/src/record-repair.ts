import { INTERRUPTED_RESULT_TEXT } from '@warden/protocol/history';
import type { SessionRecord, ToolCallPart } from '@warden/protocol';

export interface RepairedRecords {
  records: SessionRecord[];
  warnings: string[];
}

/**
 * What every store does to the records it loads, so all of them hand back the same view:
 * - a record written twice (same record id) and a tool row written twice (same call id) collapse to the first;
 * - only the latest compaction and what follows it are kept (plus the header and approvals still waiting);
 * - a tool call with neither a result nor a pending approval gets an explicit "interrupted" error result.
 * Nothing here is written back: the stored records stay as they are.
 */
export function repairRecords(input: readonly SessionRecord[]): RepairedRecords {
  const warnings: string[] = [];
  const seenIds = new Set<string>();
  const seenResults = new Set<string>();
  const seenCalls = new Set<string>();
  let duplicateRecords = 0;
  let duplicateTools = 0;
  const unique: SessionRecord[] = [];
  for (const record of input) {
    if (seenIds.has(record.id)) {
      duplicateRecords += 1;
      continue;
    }
    seenIds.add(record.id);
    if (record.type === 'tool_result') {
      if (seenResults.has(record.result.callId)) {
        duplicateTools += 1;
        continue;
      }
      seenResults.add(record.result.callId);
    } else if (record.type === 'tool_call') {
      if (seenCalls.has(record.call.id)) {
        duplicateTools += 1;
        continue;
      }
      seenCalls.add(record.call.id);
    }
    unique.push(record);
  }
  if (duplicateRecords > 0) warnings.push(`collapsed ${duplicateRecords} record(s) written twice`);
  if (duplicateTools > 0) warnings.push(`collapsed ${duplicateTools} duplicate tool row(s) (same call id)`);

  const records = fromLatestCompaction(unique);
  const interrupted = interruptedCalls(records);
  const now = new Date().toISOString();
  for (const call of interrupted) {
    records.push({
      type: 'tool_result',
      id: `interrupted:${call.id}`,
      at: now,
      result: { type: 'tool_result', callId: call.id, name: call.name, isError: true, content: [{ type: 'text', text: INTERRUPTED_RESULT_TEXT }] },
    });
  }
  if (interrupted.length > 0) {
    warnings.push(`${interrupted.length} tool call(s) had no result (interrupted): ${interrupted.map((c) => c.id).join(', ')}`);
  }
  return { records, warnings };
}

function fromLatestCompaction(records: SessionRecord[]): SessionRecord[] {
  let at = -1;
  for (let i = records.length - 1; i >= 0; i--) {
    if (records[i]!.type === 'compaction') {
      at = i;
      break;
    }
  }
  if (at <= 0) return records.slice();
  const answered = new Set<string>();
  for (const record of records) {
    if (record.type === 'approval' && record.answer && record.answer.outcome !== 'pending') answered.add(record.request.id);
  }
  const kept = records.slice(0, at).filter((r) => r.type === 'header' || (r.type === 'approval' && !answered.has(r.request.id)));
  return [...kept, ...records.slice(at)];
}

function interruptedCalls(records: readonly SessionRecord[]): ToolCallPart[] {
  const results = new Set<string>();
  const pending = new Set<string>();
  const answered = new Set<string>();
  for (const record of records) {
    if (record.type === 'tool_result') results.add(record.result.callId);
    else if (record.type === 'approval') {
      if (record.answer && record.answer.outcome !== 'pending') answered.add(record.request.call.id);
      else pending.add(record.request.call.id);
    }
  }
  const calls = new Map<string, ToolCallPart>();
  for (const record of records) {
    if (record.type === 'tool_call') calls.set(record.call.id, record.call);
    else if (record.type === 'message' && record.message.role === 'assistant') {
      for (const part of record.message.parts) if (part.type === 'tool_call') calls.set(part.id, part);
    }
  }
  const out: ToolCallPart[] = [];
  for (const call of calls.values()) {
    if (results.has(call.id)) continue;
    if (pending.has(call.id) && !answered.has(call.id)) continue;
    out.push(call);
  }
  return out;
}

import { fastMessageCheck } from '@warden/protocol/checks';
import { protocolError } from './coded-errors.js';
import { SessionRecord } from '@warden/protocol/schemas';

const MESSAGE_KEYS = new Set(['type', 'id', 'at', 'message']);
const RESULT_KEYS = new Set(['type', 'id', 'at', 'result']);

function onlyKeys(record: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const key in record) if (!allowed.has(key)) return false;
  return true;
}

/**
 * The records a run writes on every step — messages and tool results — checked by protocol's quick
 * structural check instead of the schema (a zod parse of each record was a visible share of a durable
 * step). `true` means the schema accepts the record (and it has no top-level key the schema would strip);
 * anything else goes to the schema, which also gives the precise error.
 */
function quickRecord(record: unknown): record is SessionRecord {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  const r = record as Record<string, unknown>;
  if (typeof r.id !== 'string' || r.id === '' || typeof r.at !== 'string') return false;
  if (r.type === 'message') return onlyKeys(r, MESSAGE_KEYS) && fastMessageCheck(r.message);
  if (r.type === 'tool_result') return onlyKeys(r, RESULT_KEYS) && fastMessageCheck({ role: 'tool', parts: [r.result] });
  return false;
}

/** Validates what an append carries, once, at the boundary: a bad record never reaches a store. */
export function validateRecords(records: readonly unknown[]): SessionRecord[] {
  if (!Array.isArray(records)) {
    throw protocolError({ code: 'protocol.invalid_value', message: 'append records must be an array' });
  }
  return records.map((record, index) => {
    if (quickRecord(record)) return record;
    const parsed = SessionRecord.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid';
      throw protocolError({
        code: 'protocol.invalid_value',
        message: `record ${index} is not a valid SessionRecord (${where})`,
        hint: 'Build records with the SessionRecord schema of @warden/protocol.',
      });
    }
    return parsed.data;
  });
}

import { protocolError } from './coded-errors.js';
import { SessionRecord } from '@warden/protocol/schemas';

/** Validates what an append carries, once, at the boundary: a bad record never reaches a store. */
export function validateRecords(records: readonly unknown[]): SessionRecord[] {
  if (!Array.isArray(records)) {
    throw protocolError({ code: 'protocol.invalid_value', message: 'append records must be an array' });
  }
  return records.map((record, index) => {
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

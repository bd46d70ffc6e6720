import { randomUUID } from 'node:crypto';

/** A unique id for a session record the CLI writes itself. */
export function newRecordId(): string {
  return `rec_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
}

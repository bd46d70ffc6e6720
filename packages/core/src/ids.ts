import { randomUUID } from 'node:crypto';

/** A fresh unique id with a readable prefix (`run_…`, `rec_…`, `apr_…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID()}`;
}

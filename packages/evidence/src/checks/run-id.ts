import { randomBytes } from 'node:crypto';

/** A sortable, filesystem-safe run id: `20261129T092500Z-1a2b3c`. */
export function newRunId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

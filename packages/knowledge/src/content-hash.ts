import { createHash } from 'node:crypto';

/** The sha-256 of a document's text (and title): equal hashes mean no re-embedding. */
export function contentHash(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex');
}

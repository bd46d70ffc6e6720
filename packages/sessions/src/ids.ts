import { randomUUID } from 'node:crypto';
import { isSafeId } from '@warden/protocol/vocabulary';
import { notFoundError } from './session-errors.js';

/**
 * A fresh session id: random from its first character, so a few typed characters tell sessions
 * apart (a time prefix made the first 8 the same for every session of a day). Order by time comes
 * from the stores' `createdAt` / `updatedAt`, never from the id.
 */
export function newSessionId(): string {
  return randomUUID();
}

/** Ids become file names and keys: refuse anything that could leave the store's directory. */
export function assertSafeId(id: string): void {
  if (!isSafeId(id)) {
    // Such an id can never name a stored session: it gets the very same answer as a missing one.
    throw notFoundError(id.slice(0, 200));
  }
}

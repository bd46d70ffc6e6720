import { type SessionError, WardenError } from '@warden/protocol';
import { sessionError } from './coded-errors.js';

/**
 * The codes this package throws; all of them are defined by `@warden/protocol`. Besides its
 * `session.*` codes: invalid records or approval requests (`protocol.invalid_value`), a bad
 * table prefix or store location (`config.invalid`) and an unknown option (`config.unknown_key`).
 */
export const SESSION_ERROR_CODES = [
  'session.not_found',
  'session.version_conflict',
  'session.corrupt',
  'session.locked',
  'session.io',
  'session.driver_missing',
  'protocol.invalid_value',
  'config.invalid',
  'config.unknown_key',
] as const;
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number];

/**
 * A session (or approval) that does not exist — or belongs to someone else.
 * Both cases build the very same error so ids cannot be probed.
 */
export function notFoundError(id: string, kind: 'session' | 'approval' = 'session'): SessionError {
  return sessionError({
    code: 'session.not_found',
    message: `${kind} ${JSON.stringify(id)} was not found`,
    hint: 'Check the id and the owner (userId/tenantId) you pass; list() shows the sessions you can see.',
  });
}

export function versionConflictError(id: string, current: number | undefined, expected: number): SessionError {
  const at = current === undefined ? 'has moved on' : `is at version ${current}`;
  return sessionError({
    code: 'session.version_conflict',
    message: `session ${JSON.stringify(id)} ${at}, the append expected ${expected}`,
    hint: 'Load the session again and re-base the append (appendWithRebase does this for you).',
  });
}

export function alreadyExistsError(id: string): SessionError {
  return sessionError({
    code: 'session.version_conflict',
    message: `session ${JSON.stringify(id)} already exists`,
    hint: 'Pick another id, or omit it to get a fresh one.',
  });
}

export function corruptError(file: string, line: number, reason: string): SessionError {
  return sessionError({
    code: 'session.corrupt',
    message: `session file ${file} is corrupt at line ${line}: ${reason}`,
    hint: 'Run repairSession() on it: the good records are salvaged into a new file and the original is kept.',
  });
}

export function lockedError(file: string, timeoutMs: number): SessionError {
  return sessionError({
    code: 'session.locked',
    message: `another writer held ${file} for more than ${timeoutMs} ms`,
    hint: 'Another process is writing this session. If none is, remove the stale .lock file next to it.',
  });
}

export function ioError(what: string, cause: unknown): SessionError {
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  return sessionError({
    code: 'session.io',
    message: `session store could not ${what}${code ? ` (${code})` : ''}`,
    hint: code === 'ENOSPC' ? 'The disk is full: free some space; the session file stays loadable.' : 'Check that the store is reachable and writable.',
    cause,
  });
}

export function driverMissingError(packageName: string, cause?: unknown, broken = false): SessionError {
  return sessionError({
    code: 'session.driver_missing',
    message: broken
      ? `the session store driver "${packageName}" is installed but could not be loaded`
      : `the session store driver "${packageName}" is not installed`,
    hint: broken ? `npm rebuild ${packageName} (or reinstall it: npm install ${packageName})` : `npm install ${packageName}`,
    cause,
  });
}

/** Runs store work: Warden errors pass through, anything else becomes `session.io` naming what failed. */
export async function asStoreError<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (WardenError.isInstance(error)) throw error;
    throw ioError(what, error);
  }
}

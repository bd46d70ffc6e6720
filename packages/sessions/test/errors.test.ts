import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SessionError } from '@warden/protocol';
import {
  alreadyExistsError,
  corruptError,
  driverMissingError,
  ioError,
  lockedError,
  notFoundError,
  SESSION_ERROR_CODES,
  versionConflictError,
} from '../src/session-errors.js';

describe('error codes of @warden/sessions', () => {
  it.each([
    ['session.not_found', notFoundError('abc')],
    ['session.not_found', notFoundError('abc', 'approval')],
    ['session.version_conflict', versionConflictError('abc', 3, 2)],
    ['session.version_conflict', alreadyExistsError('abc')],
    ['session.corrupt', corruptError('abc.jsonl', 7, 'checksum mismatch')],
    ['session.locked', lockedError('abc.jsonl', 100)],
    ['session.io', ioError('append', Object.assign(new Error('x'), { code: 'ENOSPC' }))],
    ['session.driver_missing', driverMissingError('pg')],
  ])('%s is a SessionError with a hint', (code, error) => {
    expect(SessionError.isInstance(error)).toBe(true);
    expect(error.code).toBe(code);
    expect(error.hint).toBeTruthy();
  });

  it('pins the list of codes, every one defined by @warden/protocol', () => {
    expect([...SESSION_ERROR_CODES]).toEqual([
      'session.not_found',
      'session.version_conflict',
      'session.corrupt',
      'session.locked',
      'session.io',
      'session.driver_missing',
      'protocol.invalid_value',
      'config.invalid',
      'config.unknown_key',
    ]);
    for (const code of SESSION_ERROR_CODES) expect(Object.keys(ERROR_CODES)).toContain(code);
  });

  // Every thrown code is in the table by construction (src/coded-errors.ts types `code` with
  // it); this checks the other direction: every listed code is produced by the package.
  it('lists only codes the package produces', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('-contract.ts'));
    const text = (await Promise.all(files.map((file) => readFile(join(root, file), 'utf8')))).join('\n');
    const produced = new Set([...text.matchAll(/code: '([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1] as string));
    // The protocol's strictOptions throws config.unknown_key for every factory that uses it.
    if (/\bstrictOptions\(/.test(text)) produced.add('config.unknown_key');
    expect(SESSION_ERROR_CODES.filter((code) => !produced.has(code))).toEqual([]);
  });

  it('names the line of a corruption and the install command of a missing driver', () => {
    expect(corruptError('s.jsonl', 7, 'checksum mismatch').message).toBe('session file s.jsonl is corrupt at line 7: checksum mismatch');
    expect(driverMissingError('better-sqlite3').hint).toBe('npm install better-sqlite3');
    expect(ioError('append', Object.assign(new Error('x'), { code: 'ENOSPC' })).message).toContain('ENOSPC');
  });
});

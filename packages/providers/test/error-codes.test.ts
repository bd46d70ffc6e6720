import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ProviderError, WardenError } from '@warden/protocol';
import {
  AuthError,
  ContentFilterError,
  ContextLengthError,
  NetworkError,
  OverloadedError,
  PROVIDER_ERROR_CODES,
  RateLimitError,
  TimeoutError,
  UnavailableError,
} from '../src/index.js';

describe('error codes of @warden/providers', () => {
  it('pins every code this package throws', () => {
    expect(Object.keys(PROVIDER_ERROR_CODES)).toEqual([
      'provider.auth',
      'provider.rate_limited',
      'provider.overloaded',
      'provider.context_length',
      'provider.content_filter',
      'provider.timeout',
      'provider.network',
      'provider.unavailable',
      'provider.bad_request',
      'provider.bad_response',
      'provider.circuit_open',
      'provider.aborted',
      'provider.not_configured',
      'provider.replay_mismatch',
      'config.invalid',
      'config.unknown_key',
    ]);
  });

  it('uses the shared protocol codes wherever one exists', () => {
    const own = Object.keys(PROVIDER_ERROR_CODES).filter((code) => !(code in ERROR_CODES));
    expect(own).toEqual([]); // provider.replay_mismatch moved into @warden/protocol's table
  });
});

describe('error codes in the table', () => {
  // Every thrown code is in the table by construction: errors are built with the factories of
  // src/errors/coded-errors.ts and createProviderError, typed with the table's union. This checks
  // the other direction: every listed code is produced by the package.
  it('are all produced by the package', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..', 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('error-codes.ts'));
    const text = (await Promise.all(files.map((file) => readFile(join(root, file), 'utf8')))).join('\n');
    // A code as a value (`code: 'x.y'`, `=== 'x.y'`), not a table key (`'x.y': '…'`).
    const produced = new Set([...text.matchAll(/'((?:provider|config)\.[a-z_]+)'(?!\s*:)/g)].map((match) => match[1] as string));
    // The protocol's strictOptions throws config.unknown_key for every factory that uses it.
    if (/\bstrictOptions\(/.test(text)) produced.add('config.unknown_key');
    expect(Object.keys(PROVIDER_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });
});

describe('error subclasses', () => {
  it.each([
    [AuthError, 'provider.auth', 'AuthError'],
    [RateLimitError, 'provider.rate_limited', 'RateLimitError'],
    [OverloadedError, 'provider.overloaded', 'OverloadedError'],
    [ContextLengthError, 'provider.context_length', 'ContextLengthError'],
    [ContentFilterError, 'provider.content_filter', 'ContentFilterError'],
    [TimeoutError, 'provider.timeout', 'TimeoutError'],
    [NetworkError, 'provider.network', 'NetworkError'],
    [UnavailableError, 'provider.unavailable', 'UnavailableError'],
  ] as const)('%o carries code %s, is a ProviderError and a WardenError', (Class, code, name) => {
    const error = new Class({ message: 'm', provider: 'p', retryable: true, status: 503, attempts: 2, requestId: 'r' });
    expect(error).toMatchObject({ code, name, provider: 'p', status: 503, attempts: 2, requestId: 'r' });
    expect(Class.isInstance(error)).toBe(true);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(WardenError.isInstance(error)).toBe(true);
    expect(Class.isInstance(new ProviderError({ code, message: 'm', provider: 'p', retryable: true }))).toBe(false);
    expect(error.toJSON()).toEqual({ name, code, message: 'm' });
  });
});

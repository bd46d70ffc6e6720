import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webError } from '../src/coded-errors.js';
import { WEB_ERROR_CODES, WebError } from '../src/index.js';

// Every failure code is in the table by construction (the factory's `code` is the table's union;
// ESLint forbids `new WebError` elsewhere). These tests check the other direction.
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && entry.name !== 'web-error-codes.ts' ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(WEB_ERROR_CODES)).toEqual([
      'web.invalid_options',
      'web.address_refused',
      'web.search_failed',
      'web.fetch_failed',
      'web.too_large',
      'web.timeout',
      'web.browser_unavailable',
      'web.browser_action_failed',
      'web.openapi_invalid',
      'web.openapi_call_failed',
    ]);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(web\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(WEB_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds WebErrors', () => {
    const error = webError('web.timeout', 'x', 'y');
    expect(WebError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'WebError', code: 'web.timeout', message: 'x', hint: 'y' });
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaError } from '../src/coded-errors.js';
import { MEDIA_ERROR_CODES, MediaError } from '../src/index.js';

// Every failure code is in the table by construction (the factory's `code` is the table's union;
// ESLint forbids `new MediaError` elsewhere). These tests check the other direction.
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && entry.name !== 'media-error-codes.ts' ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(MEDIA_ERROR_CODES)).toEqual([
      'media.refused',
      'media.engine_failed',
      'media.bad_response',
      'media.unsupported',
      'media.cancelled',
      'media.timeout',
      'media.budget_exceeded',
      'media.limit',
      'media.invalid_audio',
      'media.unknown_job',
      'media.path_outside_workspace',
    ]);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(media\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(MEDIA_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds MediaErrors that name the engine and status, and serialise without them leaking anything else', () => {
    const error = mediaError('media.refused', { message: 'x', hint: 'y', engine: 'openai-images', status: 400 });
    expect(MediaError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ engine: 'openai-images', status: 400 });
    expect(error.toJSON()).toEqual({ name: 'MediaError', code: 'media.refused', message: 'x', hint: 'y' });
  });
});

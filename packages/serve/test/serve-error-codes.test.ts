import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, ToolError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { configError, toolError } from '../src/coded-errors.js';
import { SERVE_SHARED_CODES } from '../src/serve-error-codes.js';

// Every code serve throws is listed by construction (coded-errors.ts takes only SERVE_SHARED_CODES);
// these tests check the other direction: every listed code is produced.

/** The package's source, without the table itself. */
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('-codes.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('lists only codes serve produces', () => {
    const produced = new Set([...source().matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(SERVE_SHARED_CODES.filter((code) => !produced.has(code))).toEqual([]);
  });

  it('each factory builds its class', () => {
    expect(configError({ code: 'config.invalid', message: 'm' })).toBeInstanceOf(ConfigError);
    expect(toolError({ code: 'tool.mcp_sdk_missing', message: 'm' })).toBeInstanceOf(ToolError);
  });
});

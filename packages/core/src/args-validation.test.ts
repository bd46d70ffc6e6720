import { describe, expect, it } from 'vitest';
import type { JsonObject, ToolV1 } from '@warden/protocol';
import { validateArgs } from './args-validation.js';

function tool(inputSchema: ToolV1['inputSchema']): ToolV1 {
  return { specificationVersion: 'v1', name: 't', description: '', inputSchema, execute: () => '' };
}

describe('validateArgs (JSON Schema basics when the tool has no validate)', () => {
  const schema = {
    type: 'object',
    properties: {
      path: { type: 'string' },
      mode: { enum: ['r', 'w'] },
      lines: { type: 'array', items: { type: 'integer' } },
      opts: { type: 'object', properties: { deep: { type: 'boolean' } }, required: ['deep'] },
      maybe: { type: ['string', 'null'] },
    },
    required: ['path'],
    additionalProperties: false,
  };
  const cases: Array<[string, JsonObject, string | undefined]> = [
    ['valid', { path: 'a', mode: 'r', lines: [1, 2], opts: { deep: true }, maybe: null }, undefined],
    ['missing required', {}, 'path is required'],
    ['wrong type', { path: 3 }, 'path must be string, got integer'],
    ['enum', { path: 'a', mode: 'x' }, 'mode must be one of "r", "w"'],
    ['array items', { path: 'a', lines: [1, 'two'] }, 'lines[1] must be integer, got string'],
    ['nested required', { path: 'a', opts: {} }, 'opts.deep is required'],
    ['extra key', { path: 'a', rm: true }, 'rm is not an allowed argument'],
    ['union types', { path: 'a', maybe: 1 }, 'maybe must be string or null'],
  ];
  for (const [name, args, message] of cases) {
    it(name, () => {
      const result = validateArgs(tool(schema), args);
      if (message === undefined) expect(result).toEqual({ ok: true, args });
      else expect(result.ok === false && result.message).toContain(message);
    });
  }

  it('a number schema accepts integers', () => {
    expect(validateArgs(tool({ type: 'object', properties: { n: { type: 'number' } } }), { n: 3 }).ok).toBe(true);
  });

  it("prefers the tool's own validate and contains its crash", () => {
    const own = { ...tool({}), validate: () => ({ ok: false as const, message: 'custom' }) };
    expect(validateArgs(own, {})).toEqual({ ok: false, message: 'custom' });
    const crashing = {
      ...tool({}),
      validate: () => {
        throw new Error('bug');
      },
    };
    expect(validateArgs(crashing, {})).toMatchObject({ ok: false, message: expect.stringContaining('bug') });
  });
});

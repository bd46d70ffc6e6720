import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../src/checks.js';

const schema = {
  type: 'object',
  properties: { path: { type: 'string' }, limit: { type: 'integer' }, mode: { enum: ['a', 'b'] } },
  required: ['path'],
};

describe('schemaProblems', () => {
  it('finds a missing required key, a wrong type and a value outside enum, naming each key', () => {
    expect(schemaProblems(schema, { limit: 1.5, mode: 'c' })).toEqual([
      { key: 'path', kind: 'required', message: 'path: required' },
      { key: 'limit', kind: 'type', message: 'limit: expected integer, received number' },
      { key: 'mode', kind: 'enum', message: 'mode: expected one of "a", "b"' },
    ]);
  });

  it('refuses unknown keys only when the schema closes them, or when asked to', () => {
    expect(schemaProblems(schema, { path: 'a', extra: 1 })).toEqual([]);
    expect(schemaProblems({ ...schema, additionalProperties: false }, { path: 'a', extra: 1 }).map((p) => p.kind)).toEqual(['unknown']);
    expect(schemaProblems(schema, { path: 'a', extra: 1 }, { unknownKeys: 'error' }).map((p) => p.key)).toEqual(['extra']);
  });

  it('does not type-check skipped keys (values not known yet) and does not take inherited names as properties', () => {
    expect(schemaProblems(schema, { path: 'a', limit: '{{n}}' }, { skip: new Set(['limit']) })).toEqual([]);
    expect(schemaProblems(schema, { path: 'a', toString: 1 }, { unknownKeys: 'error' }).map((p) => p.key)).toEqual(['toString']);
  });
});

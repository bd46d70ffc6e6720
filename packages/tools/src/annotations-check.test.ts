import { describe, expect, it } from 'vitest';
import { ToolAnnotations } from '@warden/protocol/schemas';
import { checkAnnotations } from './annotations-check.js';

// The hand-written check must agree with the protocol's strict schema it stands in for.
const CASES: unknown[] = [
  {},
  { readOnly: true },
  { readOnly: false, mutating: true, destructive: false, openWorld: true, tags: ['a', 'b'] },
  { tags: [] },
  { readonly: true },
  { readOnly: 'yes' },
  { mutating: 1 },
  { openWorld: null },
  { tags: 'a' },
  { tags: ['a', 2] },
  { readOnly: true, extra: 1, more: 2 },
  null,
  [],
  'readOnly',
];

describe('checkAnnotations agrees with the strict ToolAnnotations schema', () => {
  it.each(CASES.map((value) => [JSON.stringify(value), value]))('%s', (_label, value) => {
    const mine = checkAnnotations(value);
    const schema = ToolAnnotations.strict().safeParse(value);
    expect(mine.ok).toBe(schema.success);
    if (mine.ok && schema.success) expect(mine.annotations).toEqual(schema.data);
    if (!mine.ok) expect(mine.problem).not.toBe('');
  });

  it('names the wrong field', () => {
    expect(checkAnnotations({ readonly: true })).toEqual({ ok: false, problem: 'unknown field `readonly`: remove it' });
    expect(checkAnnotations({ tags: ['a', 2] })).toEqual({ ok: false, problem: 'tags[1]: expected string, received number' });
  });

  it('returns a copy: changing the given tags later does not change the tool', () => {
    const tags = ['a'];
    const checked = checkAnnotations({ tags });
    tags.push('b');
    expect(checked).toEqual({ ok: true, annotations: { tags: ['a'] } });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { outputJsonSchema, parseStructured } from './structured-output.js';

const schema = z.object({ n: z.number() });

describe('parseStructured', () => {
  it('accepts plain JSON and a fenced block', () => {
    expect(parseStructured(schema, '{"n":1}')).toEqual({ ok: true, value: { n: 1 } });
    expect(parseStructured(schema, '```json\n{"n":2}\n```')).toEqual({ ok: true, value: { n: 2 } });
  });

  it('says what was wrong', () => {
    expect(parseStructured(schema, 'nope')).toEqual({ ok: false, message: 'the answer is not valid JSON' });
    const bad = parseStructured(schema, '{"n":"x"}');
    expect(bad.ok === false && bad.message).toMatch(/^n: /);
  });

  it('gives a JSON Schema, or undefined when zod cannot express one', () => {
    expect(outputJsonSchema(schema)).toMatchObject({ type: 'object' });
    expect(outputJsonSchema(z.date())).toBeUndefined();
  });
});

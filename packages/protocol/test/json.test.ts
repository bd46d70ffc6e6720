import { describe, expect, it } from 'vitest';
import { findJsonViolation } from '../src/checks.js';
import { JsonObject, JsonValue } from '../src/schemas.js';

describe('JsonValue', () => {
  it('accepts JSON all the way down, including shared (non-cyclic) references and null-prototype objects', () => {
    const shared = { x: [1, 2, { y: null }] };
    const bare = Object.assign(Object.create(null) as object, { k: 'v' });
    for (const value of ['s', 0, -1.5, true, null, [], {}, { a: [{ b: [true, 'x', 3] }] }, { one: shared, two: shared }, bare]) {
      expect(JsonValue.safeParse(value).success).toBe(true);
    }
  });

  it.each([
    ['NaN', { a: [1, Number.NaN] }, ['a', 1], 'number must be finite'],
    ['Infinity', { n: Infinity }, ['n'], 'number must be finite'],
    ['undefined', { a: { b: undefined } }, ['a', 'b'], 'got undefined'],
    ['a function', [() => 1], [0], 'got function'],
    ['a bigint', { big: 1n }, ['big'], 'got bigint'],
    ['a symbol', { s: Symbol('x') }, ['s'], 'got symbol'],
    ['a Date', { when: new Date(0) }, ['when'], 'not plain'],
    ['a Map', { m: new Map() }, ['m'], 'not plain'],
    ['a class instance', { u: new URL('http://x.invalid') }, ['u'], 'not plain'],
  ])('rejects %s and says where', (_name, value, path, message) => {
    const result = JsonValue.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('rejects a cycle instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(findJsonViolation(cyclic)).toEqual({ path: ['self', 'back'], message: 'the value refers to itself (a cycle)' });
  });
});

describe('JsonObject', () => {
  it('accepts objects of JSON and rejects anything that is not an object', () => {
    expect(JsonObject.safeParse({ a: [1] }).success).toBe(true);
    for (const value of [[], null, 'x', 1, undefined]) expect(JsonObject.safeParse(value).success).toBe(false);
    expect(JsonObject.safeParse({ a: Number.NaN }).error?.issues[0]?.path).toEqual(['a']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEvidence } from './validate-evidence.js';
import { EVIDENCE_LIMITS, EVIDENCE_VALIDATION_CODES } from './limits.js';

const CODES = Object.keys(EVIDENCE_VALIDATION_CODES);
const json = fc.jsonValue({ maxDepth: 4 });

/** Puts `poison` at a random place inside `report`, at a random depth ≤ 8. */
const poisoned = (poison: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.array(json, { maxLength: 4 }), poison, fc.nat(8), fc.boolean()).map(([siblings, bad, depth, asObject]) => {
    let value: unknown = asObject ? { ...Object.fromEntries(siblings.map((s, i) => [`k${i}`, s])), bad } : [...siblings, bad];
    for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { wrap: value };
    return { report: value };
  });

describe('validateEvidence properties', () => {
  it('accepts any small JSON value and measures exactly what JSON.stringify writes', () => {
    fc.assert(
      fc.property(json, (value) => {
        const result = validateEvidence({ report: value });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const text = JSON.stringify({ report: value });
        expect(result.bytes).toBe(Buffer.byteLength(text, 'utf8'));
        expect(result.evidence).toEqual(JSON.parse(text));
        expect(result.nodes).toBeLessThanOrEqual(EVIDENCE_LIMITS.maxNodes);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on anything, and returns a documented code', () => {
    const anything = fc.anything({
      maxDepth: 5,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    });
    fc.assert(
      fc.property(anything, fc.boolean(), (value, wrap) => {
        const result = validateEvidence(wrap ? { report: value } : value);
        if (!result.ok) expect(CODES).toContain(result.code);
        else expect(result.evidence).toEqual(JSON.parse(JSON.stringify(wrap ? { report: value } : value)));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['a non-finite number', fc.constantFrom(NaN, Infinity, -Infinity), 'evidence_nonfinite_number'],
    ['a class instance or exotic object', fc.constantFrom<() => unknown>(() => new Map(), () => new Set(), () => new Date(0), () => new Uint8Array(1), () => new (class X {})(), () => Object(1)).map((make) => make()), 'evidence_value_type'],
    ['a lone surrogate', fc.tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 5 })).map(([a, unit, b]) => a + String.fromCharCode(unit) + b.replace(/[\ud800-\udfff]/g, '')), 'evidence_encoding'],
    ['undefined or a function', fc.constantFrom<unknown>(undefined, () => 1, Symbol('x')), 'evidence_value_type'],
  ])('returns the documented code for %s anywhere in the value', (_label, poison, expected) => {
    fc.assert(
      fc.property(poisoned(poison), (value) => {
        const result = validateEvidence(value);
        expect(result.ok ? 'ok' : result.code).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('finds a cycle anywhere, and never mistakes a shared reference for one', () => {
    fc.assert(
      fc.property(fc.nat(10), fc.boolean(), (depth, cyclic) => {
        const top: Record<string, unknown> = {};
        let node: Record<string, unknown> = top;
        for (let i = 0; i < depth; i++) {
          const next: Record<string, unknown> = {};
          node.child = next;
          node = next;
        }
        const shared = { copy: 1 };
        node.back = cyclic ? top : shared;
        node.sibling = shared;
        const result = validateEvidence({ report: top });
        expect(result.ok ? 'ok' : result.code).toBe(cyclic ? 'evidence_cycle' : 'ok');
      }),
    );
  });

  it('holds the depth limit exactly (root is 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.boolean(), (levels, arrays) => {
        let value: unknown = 1;
        for (let i = 0; i < levels; i++) value = arrays ? [value] : { a: value };
        const result = validateEvidence({ report: value });
        // Depth counts containers: the levels sit at depths 1..levels (report's value is depth 1);
        // the scalar leaf inside the deepest one does not count.
        expect(result.ok ? 'ok' : result.code).toBe(levels <= EVIDENCE_LIMITS.maxDepth ? 'ok' : 'evidence_depth');
      }),
    );
  });

  it('holds the node budget exactly, counting every occurrence of a shared value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 80 }), fc.integer({ min: 600, max: 1000 }), (copies, length) => {
        const shared = new Array<number>(length).fill(0);
        const nodes = 3 + copies * (1 + length);
        const result = validateEvidence({ report: new Array<number[]>(copies).fill(shared) });
        expect(result.ok ? 'ok' : result.code).toBe(nodes <= EVIDENCE_LIMITS.maxNodes ? 'ok' : 'evidence_work_limit');
        if (result.ok) expect(result.nodes).toBe(nodes);
      }),
      { numRuns: 60 },
    );
  });

  it('holds the byte budget exactly for strings near the limit, in any script', () => {
    const overhead = Buffer.byteLength(JSON.stringify({ report: [] })) + 2;
    fc.assert(
      fc.property(fc.constantFrom('a', 'é', '€', '😀', '"', '\n', '\u0001'), fc.integer({ min: -8, max: 8 }), (unit, slack) => {
        const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
        const count = Math.floor((EVIDENCE_LIMITS.maxBytes - overhead) / unitBytes) + slack;
        const value = { report: [unit.repeat(count)] };
        const size = Buffer.byteLength(JSON.stringify(value));
        const result = validateEvidence(value);
        expect(result.ok ? 'ok' : result.code).toBe(size <= EVIDENCE_LIMITS.maxBytes ? 'ok' : 'evidence_too_large');
      }),
      { numRuns: 120 },
    );
  });

  it('stops a shared-reference bomb at the node budget instead of walking 10^20 occurrences', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 100 }), fc.integer({ min: 8, max: 14 }), (width, levels) => {
        let value: unknown = 0;
        for (let i = 0; i < levels; i++) value = new Array<unknown>(width).fill(value);
        const result = validateEvidence({ report: value });
        expect(result.ok ? 'ok' : result.code).toBe('evidence_work_limit');
      }),
      { numRuns: 20 },
    );
  });

  it('stops a huge value within budget instead of walking all of it', () => {
    const huge = { report: new Array<number>(1_000_000).fill(1) };
    const result = validateEvidence(huge);
    expect(result.ok ? 'ok' : result.code).toBe('evidence_too_large');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextDecay } from './context-decay.js';

type Op = { kind: 'add'; key: string; importance: number } | { kind: 'step'; n: number } | { kind: 'clear'; threshold: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), importance: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('step' as const), n: fc.integer({ min: 0, max: 50 }) }),
  fc.record({ kind: fc.constant('clear' as const), threshold: fc.double({ min: 0, max: 1, noNaN: true }) }),
);
function replay(halfLifeSteps: number, ops: readonly Op[]) {
  const decay = contextDecay<string>({ halfLifeSteps });
  for (const o of ops) {
    if (o.kind === 'add') decay.add(o.key, `v-${o.key}`, o.importance);
    else if (o.kind === 'step') decay.step(o.n);
    else decay.clearExpired(o.threshold);
  }
  return decay;
}
const halfLife = fc.integer({ min: 1, max: 100 });

describe('contextDecay', () => {
  it('Argentum’s example: after 10 steps with half-life 20, the important items stay above 0.5 and the temporary one does not', () => {
    const context = contextDecay<string>({ halfLifeSteps: 20 });
    context.add('user_name', 'Alice', 0.9);
    context.add('current_task', 'write_email', 1.0);
    context.add('weather_comment', 'sunny today', 0.3);
    for (let i = 0; i < 10; i += 1) context.step();
    expect(context.active(0.5).map((i) => [i.key, Number(i.weight.toFixed(4))])).toEqual([
      ['current_task', 0.7071],
      ['user_name', 0.6364],
    ]);
    expect(context.stats()).toEqual({ totalItems: 3, activeItems: 2, avgDecay: expect.closeTo(((0.9 + 1 + 0.3) * 0.5 ** 0.5) / 3, 12), oldestAge: 10 });
    expect(context.clearExpired(0.25)).toBe(1);
    expect(context.size).toBe(2);
  });

  it('property: a weight never exceeds its importance and never grows with time', () => {
    fc.assert(
      fc.property(halfLife, fc.array(op, { maxLength: 40 }), fc.integer({ min: 1, max: 30 }), (h, ops, later) => {
        const decay = replay(h, ops);
        const before = new Map(decay.all().map((i) => [i.key, i.weight]));
        for (const item of decay.all()) expect(item.weight).toBeLessThanOrEqual(item.importance);
        decay.step(later);
        for (const item of decay.all()) expect(item.weight).toBeLessThanOrEqual(before.get(item.key)!);
      }),
    );
  });

  it('property: after exactly one half-life an item keeps half its importance', () => {
    fc.assert(
      fc.property(halfLife, fc.double({ min: 0, max: 1, noNaN: true }), (h, importance) => {
        const decay = contextDecay<number>({ halfLifeSteps: h });
        decay.add('k', 1, importance);
        decay.step(h);
        expect(decay.get('k')!.weight).toBeCloseTo(importance / 2, 12);
      }),
    );
  });

  it('property: active() is sorted heaviest first and holds exactly the items at or above the threshold', () => {
    fc.assert(
      fc.property(halfLife, fc.array(op, { maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (h, ops, threshold) => {
        const decay = replay(h, ops);
        const active = decay.active(threshold);
        for (let i = 1; i < active.length; i += 1) expect(active[i - 1]!.weight).toBeGreaterThanOrEqual(active[i]!.weight);
        expect(active.map((i) => i.key).sort()).toEqual(decay.all().filter((i) => i.weight >= threshold).map((i) => i.key).sort());
      }),
    );
  });

  it('property: clearExpired removes exactly the items below the threshold and says how many', () => {
    fc.assert(
      fc.property(halfLife, fc.array(op, { maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (h, ops, threshold) => {
        const decay = replay(h, ops);
        const below = decay.all().filter((i) => i.weight < threshold).length;
        const total = decay.size;
        expect(decay.clearExpired(threshold)).toBe(below);
        expect(decay.size).toBe(total - below);
        expect(decay.all().every((i) => i.weight >= threshold)).toBe(true);
      }),
    );
  });

  it('property: deterministic, and toJSON restores the same state', () => {
    fc.assert(
      fc.property(halfLife, fc.array(op, { maxLength: 40 }), (h, ops) => {
        const a = replay(h, ops);
        const b = replay(h, ops);
        expect(a.all()).toEqual(b.all());
        expect(a.stats()).toEqual(b.stats());
        const restored = contextDecay<string>({ halfLifeSteps: h }, JSON.parse(JSON.stringify(a.toJSON())));
        expect(restored.all()).toEqual(a.all());
      }),
    );
  });

  it('refuses bad input with typed errors and holds the item limit', () => {
    expect(() => contextDecay({ halfLifeSteps: 0 })).toThrow(expect.objectContaining({ code: 'tool.invalid_args' }));
    const decay = contextDecay<string>({ halfLifeSteps: 5, maxItems: 2 });
    expect(() => decay.add('x', 'v', 1.5)).toThrow(expect.objectContaining({ code: 'tool.invalid_args' }));
    decay.add('a', '1');
    decay.add('b', '2');
    decay.add('a', 'replaced', 0.5);
    expect(() => decay.add('c', '3')).toThrow(expect.objectContaining({ code: 'tool.memory_limit' }));
    expect(decay.get('a')).toMatchObject({ value: 'replaced', importance: 0.5 });
  });
});

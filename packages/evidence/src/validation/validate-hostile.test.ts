import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateEvidence } from './validate-evidence.js';

/** Throws from every trap: a Proxy the validator must never touch. */
function explodingProxy(target: object = {}): object {
  const boom = (): never => {
    throw new Error('trap ran');
  };
  return new Proxy(target, { get: boom, getPrototypeOf: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom, isExtensible: boom, preventExtensions: boom });
}

function revokedProxy(target: object): object {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function hostileValues(): Array<[string, () => { value: unknown; ran: () => boolean }]> {
  const accessor = (key: string | symbol, where: 'root' | 'nested') => () => {
    let ran = false;
    const obj: Record<string | symbol, unknown> = { 0: 'a' };
    Object.defineProperty(obj, key, {
      enumerable: true,
      get() {
        ran = true;
        throw new Error('getter ran');
      },
    });
    return { value: where === 'root' ? obj : { report: obj }, ran: () => ran };
  };
  const plain = (value: unknown) => () => ({ value, ran: () => false });
  return [
    ['an accessor named length at the root', accessor('length', 'root')],
    ['an accessor named length nested', accessor('length', 'nested')],
    ['a throwing Symbol.toStringTag accessor at the root', accessor(Symbol.toStringTag, 'root')],
    ['a throwing Symbol.toStringTag accessor nested', accessor(Symbol.toStringTag, 'nested')],
    ['a Proxy whose traps throw, as the root', plain(explodingProxy())],
    ['a Proxy whose traps throw, nested', plain({ report: explodingProxy() })],
    ['a Proxy of an array whose traps throw', plain({ tool_calls: explodingProxy([]) })],
    ['a revoked Proxy as the root', plain(revokedProxy({}))],
    ['a revoked Proxy of an array, nested', plain({ tool_calls: revokedProxy([]) })],
    ['a Date with Object.prototype', plain({ report: Object.setPrototypeOf(new Date(), Object.prototype) })],
    ['a Map with a null prototype', plain({ report: Object.setPrototypeOf(new Map(), null) })],
    ['a boxed string', plain({ report: Object('x') })],
    ['an Error', plain({ report: new Error('x') })],
    // eslint-disable-next-line prefer-rest-params -- an arguments object is the point of this case
    ['an arguments object', plain({ report: (function (..._a: unknown[]) { return arguments; })(1, 2) })],
  ];
}

describe('validateEvidence never throws and never runs user code', () => {
  it.each(hostileValues())('%s: returns a code, runs no getter or trap', (_label, make) => {
    const { value, ran } = make();
    let result: ReturnType<typeof validateEvidence> | undefined;
    expect(() => (result = validateEvidence(value))).not.toThrow();
    expect(result!.ok).toBe(false);
    expect(ran()).toBe(false);
  });

  it('ordinary data with a data property named length still validates', () => {
    expect(validateEvidence({ report: { length: 3, unit: 'cm' } }).ok).toBe(true);
    expect(validateEvidence({ report: { '0': 'a', length: 1 } }).ok).toBe(false);
  });

  it('fuzz: arbitrary values, with hostile objects mixed in, never make it throw', () => {
    const makers = hostileValues().map(([, make]) => make);
    // fast-check must not see the hostile values (it inspects what it generates), so it
    // generates placeholders and the property swaps the hostile objects in.
    const placeholder = fc.nat({ max: makers.length - 1 }).map((n) => ({ __hostile__: n }));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 2 }), placeholder, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
    })).node;
    const swap = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(swap);
      if (typeof node === 'object' && node !== null) {
        const marker = (node as Record<string, unknown>).__hostile__;
        if (typeof marker === 'number' && Object.keys(node).length === 1) return makers[marker]!().value;
        return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, swap(v)]));
      }
      return node;
    };
    const root = fc.oneof(value, fc.record({ report: value, tool_calls: fc.array(value, { maxLength: 3 }) }, { requiredKeys: [] }));
    fc.assert(
      fc.property(root, (input) => {
        const result = validateEvidence(swap(input));
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 400 },
    );
  });

  it('stops a 1,000,000-key object at the budget with a code', () => {
    const big: Record<string, number> = {};
    for (let i = 0; i < 1_000_000; i++) big[`k${i}`] = i;
    const nested = validateEvidence({ report: big });
    expect(nested.ok === false && nested.code).toBe('evidence_too_large');
    const root = validateEvidence(big);
    expect(root.ok === false && root.code).toBe('evidence_unknown_keys');
    expect(root.ok === false && root.unknownKeys?.length).toBeLessThanOrEqual(20);
  });
});

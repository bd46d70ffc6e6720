import { describe, expect, it } from 'vitest';
import { validateEvidence } from './validate-evidence.js';
import { EVIDENCE_KEYS } from './vocabulary.js';

function code(value: unknown): string {
  const result = validateEvidence(value);
  return result.ok ? 'ok' : result.code;
}

function nest(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('validateEvidence', () => {
  it('accepts every vocabulary key with plain data and returns a detached copy', () => {
    const input = { tool_calls: [{ name: 'read_file', args: { path: 'a' } }], canary: 'CANARY-1', interaction_count: 0, server_info: { name: 's' }, hosted: null };
    const result = validateEvidence(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.evidence).toEqual(input);
    input.tool_calls[0]!.name = 'changed';
    expect((result.evidence.tool_calls as Array<{ name: string }>)[0]!.name).toBe('read_file');
    expect(result.bytes).toBe(Buffer.byteLength(JSON.stringify(input).replace('changed', 'read_file')));
  });

  it('knows exactly the keys of vocabulary v1', () => {
    expect(EVIDENCE_KEYS).toEqual([
      'approvals', 'attacker_addresses', 'authorizations', 'canaries', 'canary', 'canary_hits', 'cors_allow_origin',
      'cors_allows_foreign_origin', 'elicitations', 'executions', 'expected_payee', 'foreign_origin_initialized', 'hosted',
      'interaction_count', 'interaction_count_by_session', 'memory_writes', 'protected_writes', 'report', 'resource_hashes',
      'server_info', 'server_version', 'shadow_tool_names', 'stop_notice', 'tool_calls', 'tools', 'trap_requests',
      'unauthenticated_initialized',
    ]);
  });

  it.each([
    ['an array', [], 'evidence_not_dict'],
    ['null', null, 'evidence_not_dict'],
    ['a string', 'x', 'evidence_not_dict'],
    ['a Map', new Map(), 'evidence_not_dict'],
    ['a class instance', new (class Evidence {})(), 'evidence_not_dict'],
    ['an unknown key', { tool_calls: [], secret_sauce: 1 }, 'evidence_unknown_keys'],
    ['a symbol key', { [Symbol('s')]: 1 }, 'evidence_key_type'],
    ['a nested symbol key', { report: { [Symbol('s')]: 1 } }, 'evidence_key_type'],
    ['a Date', { report: new Date(0) }, 'evidence_value_type'],
    ['a Uint8Array', { report: new Uint8Array(2) }, 'evidence_value_type'],
    ['a nested Map', { report: new Map() }, 'evidence_value_type'],
    ['undefined', { report: undefined }, 'evidence_value_type'],
    ['a function', { report: () => 1 }, 'evidence_value_type'],
    ['a bigint', { report: 1n }, 'evidence_value_type'],
    ['a boxed string', { report: Object('x') }, 'evidence_value_type'],
    ['a tuple-as-object', { report: { 0: 'a', 1: 'b', length: 2 } }, 'evidence_value_type'],
    // eslint-disable-next-line no-sparse-arrays -- the point of the case
    ['a sparse array', { tool_calls: [1, , 3] }, 'evidence_value_type'],
    ['NaN', { report: NaN }, 'evidence_nonfinite_number'],
    ['-Infinity', { report: [-Infinity] }, 'evidence_nonfinite_number'],
    ['a lone surrogate', { report: 'a\ud800b' }, 'evidence_encoding'],
    ['a lone surrogate key', { report: { '\udc00': 1 } }, 'evidence_encoding'],
    ['a negative interaction_count', { interaction_count: -1 }, 'evidence_value_type'],
    ['a boolean interaction_count', { interaction_count: true }, 'evidence_value_type'],
    ['a fractional interaction_count', { interaction_count: 1.5 }, 'evidence_value_type'],
    ['a list interaction_count_by_session', { interaction_count_by_session: [] }, 'evidence_value_type'],
    ['a non-list tool_calls', { tool_calls: {} }, 'evidence_value_type'],
    ['a container at depth 17 holding a scalar', { report: nest(17) }, 'evidence_depth'],
    ['an empty container at depth 17', { report: [nest(15)] , tool_calls: [[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]] }, 'evidence_depth'],
  ])('rejects %s', (_label, value, expected) => {
    expect(code(value)).toBe(expected);
  });

  it('accepts containers through depth 16 (root is 0), with their contents: the spec counts containers', () => {
    // nest(16) under the root: containers at depths 1..16, the leaf string inside the depth-16 one.
    expect(code({ report: nest(16) })).toBe('ok');
    expect(code({ report: nest(15) })).toBe('ok');
    expect(code({ tool_calls: [[[[[[[[[[[[[[[[1, 'x', null]]]]]]]]]]]]]]]] })).toBe('ok');
    expect(code({ tool_calls: [[[[[[[[[[[[[[[[{}]]]]]]]]]]]]]]]] })).toBe('evidence_depth');
  });

  it('rejects cycles but allows shared references within the budget', () => {
    const shared = { k: 'v' };
    expect(code({ report: [shared, shared, { again: shared }] })).toBe('ok');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(code({ report: cyclic })).toBe('evidence_cycle');
    const rootCycle: Record<string, unknown> = {};
    rootCycle.report = rootCycle;
    expect(code(rootCycle)).toBe('evidence_cycle');
  });

  it('counts every occurrence of a shared value against the node budget', () => {
    const shared = Array.from({ length: 1000 }, (_, i) => i);
    expect(code({ report: Array.from({ length: 60 }, () => shared) })).toBe('ok');
    expect(code({ report: Array.from({ length: 70 }, () => shared) })).toBe('evidence_work_limit');
  });

  it('enforces the byte budget exactly', () => {
    const overhead = Buffer.byteLength(JSON.stringify({ report: '' }));
    expect(code({ report: 'x'.repeat(262_144 - overhead) })).toBe('ok');
    expect(code({ report: 'x'.repeat(262_144 - overhead + 1) })).toBe('evidence_too_large');
    expect(code({ report: 'é'.repeat((262_144 - overhead) / 2) })).toBe('ok');
    expect(code({ report: 'é'.repeat((262_144 - overhead) / 2 + 1) })).toBe('evidence_too_large');
  });

  it('rejects getters without calling them, proxies and array subclasses', () => {
    let called = false;
    const withGetter = {
      get report() {
        called = true;
        return 1;
      },
    };
    expect(code(withGetter)).toBe('evidence_value_type');
    expect(called).toBe(false);
    expect(code({ report: new Proxy({}, {}) })).toBe('evidence_value_type');
    expect(code(new Proxy({ report: 1 }, {}))).toBe('evidence_not_dict');
    class List extends Array<number> {}
    expect(code({ tool_calls: new List() })).toBe('evidence_value_type');
  });

  it('never puts evidence values in messages', () => {
    const secret = 'sk-live-VERY-SECRET';
    for (const value of [{ report: { [secret]: NaN } }, { [secret]: 1 }, { report: secret + '\ud800' }, { interaction_count: secret }]) {
      const result = validateEvidence(value);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).not.toContain(secret);
    }
  });

  it('accepts a null-prototype object and keys named __proto__ without touching prototypes', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.report = JSON.parse('{"__proto__": {"polluted": true}}');
    const result = validateEvidence(bare);
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.evidence.report as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

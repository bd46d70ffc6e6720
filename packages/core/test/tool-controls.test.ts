import { describe, expect, it } from 'vitest';
import type { ApprovalAnswer, ApproverV1, DecisionEffect, ToolPermission } from '@warden/protocol';
import { memorySessionStore, recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { assertValidEvents, collect, makeTool, ofType, sleep } from './helpers.js';

function approver(answer: ApprovalAnswer): ApproverV1 & { asked: string[] } {
  const a = {
    specificationVersion: 'v1' as const,
    kind: 'person' as const,
    asked: [] as string[],
    async approve(request: { call: { name: string } }) {
      a.asked.push(request.call.name);
      return answer;
    },
  };
  return a;
}

/** One call to `refund` under a gate that answers `gateEffect`, with the tool declaring `permission`. */
async function decide(gateEffect: DecisionEffect, permission: ToolPermission | undefined, answer: ApprovalAnswer = { outcome: 'approved' }) {
  let ran = 0;
  const refund = makeTool('refund', () => {
    ran += 1;
    return 'refunded';
  }, permission === undefined ? {} : { permission });
  const yes = approver(answer);
  const provider = scriptedProvider([{ toolCalls: [{ name: 'refund', args: { order: '4182' } }] }, 'done']);
  const events = await collect(createAgent({ provider, tools: [refund], gate: recordingGate({ refund: gateEffect }), approver: yes }).stream('refund it'));
  assertValidEvents(events);
  const decision = ofType(events, 'tool_decision')[0]!.decision;
  return { ran, asked: yes.asked.length, decision, status: ofType(events, 'tool_result')[0]!.status };
}

describe('a tool\'s own permission can only tighten the policy', () => {
  it.each([
    // gate, tool permission → effect, asked the approver, ran
    ['allow', undefined, 'allow', 0, 1],
    ['allow', 'allow', 'allow', 0, 1],
    ['allow', 'ask', 'ask', 1, 1],
    ['allow', 'deny', 'deny', 0, 0],
    ['ask', 'allow', 'ask', 1, 1],
    ['ask', 'ask', 'ask', 1, 1],
    ['ask', 'deny', 'deny', 0, 0],
    ['deny', 'allow', 'deny', 0, 0],
    ['deny', 'ask', 'deny', 0, 0],
    ['deny', 'deny', 'deny', 0, 0],
  ] as const)('gate %s, tool %s → %s', async (gate, permission, effect, asked, ran) => {
    const outcome = await decide(gate, permission);
    expect(outcome.decision.effect).toBe(effect);
    expect(outcome.asked).toBe(asked);
    expect(outcome.ran).toBe(ran);
    // Where the tool tightened, the decision says so; where the gate was already as strict, its rule stands.
    const tightened = effect !== gate;
    expect(outcome.decision.rule === 'tool.permission').toBe(tightened);
  });

  it('an ask the tool added is still refused by a denying approver, and a person-only ask of the gate keeps requiresPerson', async () => {
    const refused = await decide('allow', 'ask', { outcome: 'denied', note: 'no' });
    expect(refused).toMatchObject({ ran: 0, asked: 1, status: 'denied' });
    const gate = { specificationVersion: 'v1' as const, decide: () => ({ effect: 'ask' as const, reason: 'tainted', rule: 'policy.person', requiresPerson: true }) };
    const tool = makeTool('refund', () => 'refunded', { permission: 'ask' });
    const events = await collect(createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'refund', args: {} }] }, 'done']), tools: [tool], gate, approver: approver({ outcome: 'approved' }) }).stream('x'));
    expect(ofType(events, 'tool_decision')[0]!.decision).toMatchObject({ effect: 'ask', rule: 'policy.person', requiresPerson: true });
  });

  it('rejects a permission that is not allow, ask or deny when the agent is built', () => {
    const tool = makeTool('refund', () => 'x', { permission: 'always' as unknown as ToolPermission });
    expect(() => createAgent({ provider: scriptedProvider(['done']), tools: [tool] })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });
});

describe('cacheable tools', () => {
  function lookup(extra: Parameters<typeof makeTool>[2] = {}) {
    const calls: unknown[] = [];
    const tool = makeTool('price', (args) => {
      calls.push(args);
      return `price of ${String(args.sku)}: ${calls.length}`;
    }, { cacheable: true, ...extra });
    return { tool, calls };
  }

  it('answers identical calls in a run from the cache (same tool, canonical arguments), shows them cached and counts hits', async () => {
    const { tool, calls } = lookup();
    const other = makeTool('stock', (args) => `stock of ${String(args.sku)}`);
    const store = memorySessionStore();
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'price', args: { sku: 'a', currency: 'EUR' } }] },
      // The same arguments in another key order: the same call.
      { toolCalls: [{ name: 'price', args: { currency: 'EUR', sku: 'a' } }, { name: 'price', args: { sku: 'b', currency: 'EUR' } }] },
      { toolCalls: [{ name: 'stock', args: { sku: 'a' } }, { name: 'stock', args: { sku: 'a' } }] },
      'done',
    ]);
    const gate = recordingGate(() => 'allow');
    const events = await collect(createAgent({ provider, tools: [tool, other], gate, session: { store } }).stream('prices'));
    assertValidEvents(events);
    const results = ofType(events, 'tool_result').map((e) => [e.name, e.cached === true, e.content]);
    expect(results).toEqual([
      ['price', false, [{ type: 'text', text: 'price of a: 1' }]],
      ['price', true, [{ type: 'text', text: 'price of a: 1' }]],
      ['price', false, [{ type: 'text', text: 'price of b: 2' }]],
      // Not cacheable: runs every time, never marked.
      ['stock', false, [{ type: 'text', text: 'stock of a' }]],
      ['stock', false, [{ type: 'text', text: 'stock of a' }]],
    ]);
    expect(calls).toHaveLength(2);
    // The gate still decided every call, cached or not.
    expect(gate.decisions.filter((d) => d.call.name === 'price')).toHaveLength(3);
    const end = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'price', args: { sku: 'a' } }, { name: 'price', args: { sku: 'a' } }] }, 'done']), tools: [lookup().tool] }).run('again');
    expect(end.toolCache).toEqual({ hits: 1, misses: 1 });
    expect(end.toolCalls.map((c) => c.cached === true)).toEqual([false, true]);
    // The run's meta record keeps the counts for spend reports.
    const sessionId = ofType(events, 'run_start')[0]!.sessionId!;
    const loaded = await store.load(sessionId);
    const meta = loaded.records.find((r) => r.type === 'meta' && r.key === 'run');
    expect(meta).toMatchObject({ value: { toolCache: { hits: 1, misses: 2 } } });
  });

  it('the cache is the run\'s own and its entries expire after the TTL', async () => {
    const { tool, calls } = lookup({ cacheable: { ttlMs: 1 } });
    const wait = makeTool('wait', async () => {
      await sleep(20);
      return 'waited';
    });
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'price', args: { sku: 'a' } }] },
      { toolCalls: [{ name: 'wait', args: {} }] },
      { toolCalls: [{ name: 'price', args: { sku: 'a' } }] },
      'done',
    ]);
    const result = await createAgent({ provider, tools: [tool, wait] }).run('x');
    expect(calls).toHaveLength(2);
    expect(result.toolCache).toEqual({ hits: 0, misses: 2 });
    // A second run starts with an empty cache.
    const again = await createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'price', args: { sku: 'a' } }] }, 'done']), tools: [tool] }).run('y');
    expect(again.toolCalls[0]!.cached).toBeUndefined();
    expect(calls).toHaveLength(3);
  });

  it('a failed answer is not cached: the next identical call runs', async () => {
    let n = 0;
    const flaky = makeTool('price', () => {
      n += 1;
      return n === 1 ? { content: 'upstream down', isError: true } : 'price 3';
    }, { cacheable: true });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'price', args: {} }] }, { toolCalls: [{ name: 'price', args: {} }] }, { toolCalls: [{ name: 'price', args: {} }] }, 'done']);
    const result = await createAgent({ provider, tools: [flaky] }).run('x');
    expect(n).toBe(2);
    expect(result.toolCalls.map((c) => [c.status, c.cached === true])).toEqual([['error', false], ['ok', false], ['ok', true]]);
  });

  it('a denied call is never answered from the cache', async () => {
    const { tool, calls } = lookup();
    let second = false;
    const gate = recordingGate(() => {
      const effect = second ? 'deny' : 'allow';
      second = true;
      return effect;
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'price', args: { sku: 'a' } }] }, { toolCalls: [{ name: 'price', args: { sku: 'a' } }] }, 'done']);
    const result = await createAgent({ provider, tools: [tool], gate }).run('x');
    expect(calls).toHaveLength(1);
    expect(result.toolCalls.map((c) => c.status)).toEqual(['ok', 'denied']);
    expect(result.toolCache).toEqual({ hits: 0, misses: 1 });
  });

  it.each([
    ['mutating', { mutating: true }],
    ['destructive', { destructive: true }],
    ['open-world', { openWorld: true }],
    ['explicitly not read-only', { readOnly: false }],
  ])('refuses a cacheable tool that is %s when the agent is built', (_label, annotations) => {
    const { tool } = lookup({ annotations });
    expect(() => createAgent({ provider: scriptedProvider(['done']), tools: [tool] })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });

  it.each([[{ ttlMs: 0 }], [{ ttlMs: -5 }], [{ ttlMs: Number.NaN }], ['yes']])('refuses an invalid cacheable value %j', (cacheable) => {
    const { tool } = lookup({ cacheable: cacheable as never });
    expect(() => createAgent({ provider: scriptedProvider(['done']), tools: [tool] })).toThrow(expect.objectContaining({ code: 'tool.invalid_definition' }));
  });
});

describe('cacheable tools and calls with effects', () => {
  it('a call to a tool that is not read-only empties the cache, so a later read is not stale', async () => {
    let stock = 5;
    const read = makeTool('stock', () => `stock ${stock}`, { cacheable: true });
    const sell = makeTool('sell', () => {
      stock -= 1;
      return 'sold';
    }, { annotations: { mutating: true } });
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'stock', args: {} }] },
      { toolCalls: [{ name: 'stock', args: {} }] },
      { toolCalls: [{ name: 'sell', args: {} }] },
      { toolCalls: [{ name: 'stock', args: {} }] },
      'done',
    ]);
    const events = await collect(createAgent({ provider, tools: [read, sell], gate: recordingGate(() => 'allow') }).stream('x'));
    expect(ofType(events, 'tool_result').filter((e) => e.name === 'stock').map((e) => [e.cached === true, e.content[0]])).toEqual([
      [false, { type: 'text', text: 'stock 5' }],
      [true, { type: 'text', text: 'stock 5' }],
      [false, { type: 'text', text: 'stock 4' }],
    ]);
  });
});

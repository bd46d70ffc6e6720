import { describe, expect, it } from 'vitest';
import { createEvidenceLedger } from './evidence-ledger.js';

describe('evidence ledger', () => {
  it('concatenates list keys in call order and keeps agreeing scalars', () => {
    const ledger = createEvidenceLedger();
    expect(ledger.add({ tool_calls: [{ name: 'a' }], canary: 'C1', interaction_count: 1 })).toEqual({ ok: true });
    expect(ledger.add({ tool_calls: [{ name: 'b' }], canary: 'C1' })).toEqual({ ok: true });
    expect(ledger.snapshot()).toEqual({ tool_calls: [{ name: 'a' }, { name: 'b' }], canary: 'C1', interaction_count: 1 });
    expect(ledger.contributions).toBe(2);
  });

  it('rejects a conflicting scalar or object, and that call contributes nothing', () => {
    const ledger = createEvidenceLedger();
    ledger.add({ tool_calls: [{ name: 'a' }], server_info: { name: 's', v: 1 } });
    const result = ledger.add({ tool_calls: [{ name: 'b' }], server_info: { name: 's', v: 2 } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe('evidence_conflict');
    expect(ledger.snapshot()).toEqual({ tool_calls: [{ name: 'a' }], server_info: { name: 's', v: 1 } });
    expect(ledger.add({ server_info: { v: 1, name: 's' } })).toEqual({ ok: true });
  });

  it('keeps earlier observations when a call brings invalid evidence', () => {
    const ledger = createEvidenceLedger();
    ledger.add({ tool_calls: [{ name: 'a' }] });
    const result = ledger.add({ tool_calls: [{ name: 'b' }], nope: 1 });
    expect(result.ok ? 'ok' : result.code).toBe('evidence_unknown_keys');
    expect(ledger.snapshot()).toEqual({ tool_calls: [{ name: 'a' }] });
  });

  it('applies the budgets to the accumulated ledger', () => {
    const ledger = createEvidenceLedger({ maxNodes: 20 });
    expect(ledger.add({ tool_calls: [1, 2, 3, 4, 5, 6] }).ok).toBe(true);
    expect(ledger.add({ tool_calls: [1, 2, 3, 4, 5, 6] }).ok).toBe(true);
    const third = ledger.add({ tool_calls: [1, 2, 3, 4, 5, 6] });
    expect(third.ok ? 'ok' : third.code).toBe('evidence_work_limit');
    expect((ledger.snapshot().tool_calls as number[]).length).toBe(12);
  });

  it('clears on reset and hands out detached copies', () => {
    const ledger = createEvidenceLedger();
    const input = { tool_calls: [{ name: 'a' }] };
    ledger.add(input);
    input.tool_calls.push({ name: 'late' });
    const copy = ledger.snapshot();
    (copy.tool_calls as unknown[]).push('mutated');
    expect(ledger.snapshot()).toEqual({ tool_calls: [{ name: 'a' }] });
    ledger.reset();
    expect(ledger.snapshot()).toEqual({});
    expect(ledger.contributions).toBe(0);
  });
});

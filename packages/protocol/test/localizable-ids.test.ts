import { describe, expect, it } from 'vitest';
import { HandoffEvent, ProviderNotice, TaintEvent, TaintSource } from '../src/schemas.js';

const handoff = { version: 1, id: 'hof_1', from: 'a', to: 'b', contextSummary: '', artifacts: [], metadata: {}, createdAt: 'now' };
const rejected = { version: 1, handoffId: 'hof_1', status: 'rejected', by: 'a', reason: 'run.max_handoffs: limit', at: 'now' };

describe('ids a front end translates, beside the English text', () => {
  it('a taint note carries its reason id and params, and older ones without still parse', () => {
    const note = { source: 'tool:fetch', reason: 'fetch returns open-world content', reasonId: 'open_world_tool', params: { tool: 'fetch' } };
    expect(TaintSource.parse(note)).toEqual(note);
    expect(TaintEvent.parse({ type: 'taint', runId: 'r', at: 'now', ...note })).toMatchObject({ reasonId: 'open_world_tool', params: { tool: 'fetch' } });
    expect(TaintEvent.parse({ type: 'taint', runId: 'r', at: 'now', source: 's', reason: 'r' })).not.toHaveProperty('reasonId');
    expect(TaintSource.safeParse({ ...note, reasonId: '' }).success).toBe(false);
  });

  it('a provider notice carries the error code and status', () => {
    const retry = { type: 'retry', provider: 'p', attempt: 1, delayMs: 10, reason: 'provider.rate_limited (HTTP 429)', code: 'provider.rate_limited', status: 429 };
    expect(ProviderNotice.parse(retry)).toEqual(retry);
    expect(ProviderNotice.parse({ type: 'provider_switch', from: 'a', to: 'b', reason: 'provider.unavailable' })).not.toHaveProperty('code');
  });

  it('a refused handoff event carries its refusal code and params', () => {
    const event = { type: 'handoff', runId: 'r', at: 'now', handoff, receipt: rejected, refusal: { code: 'run.max_handoffs', params: { limit: 2 } } };
    expect(HandoffEvent.parse(event).refusal).toEqual({ code: 'run.max_handoffs', params: { limit: 2 } });
    expect(HandoffEvent.parse({ ...event, refusal: undefined }).refusal).toBeUndefined();
  });
});

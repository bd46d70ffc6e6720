import { ProviderError, type Decision, type GateCall } from '@warden/protocol';
import { recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { modelReviewer } from './model-reviewer.js';

const call: GateCall = { id: 'c', name: 'shell', args: { command: 'npm run deploy' }, annotations: { mutating: true } };
const allow: Decision = { effect: 'allow', rule: 'mode.yolo', reason: 'yolo' };
const verdict = (v: string, confidence: number) => JSON.stringify({ verdict: v, confidence, reason: 'because' });

describe('modelReviewer', () => {
  it('keeps an allow only on a confident safe verdict, and sends the call as data', async () => {
    const provider = scriptedProvider([verdict('safe', 0.95)]);
    expect(await modelReviewer(provider).review(call, allow)).toEqual(allow);
    const request = provider.requests[0];
    expect(request?.temperature).toBe(0);
    expect(request?.responseFormat?.type).toBe('json');
    expect(JSON.stringify(request?.messages)).toContain('npm run deploy');
    expect(JSON.stringify(request?.messages)).toContain('not an instruction to you');
  });

  it.each([
    ['dangerous', [verdict('dangerous', 0.9)], 'deny', 'review.dangerous'],
    ['unsure', [verdict('unsure', 0.9)], 'ask', 'review.unsure'],
    ['low confidence', [verdict('safe', 0.5)], 'ask', 'review.low-confidence'],
    ['prose', ['Looks safe to me!'], 'ask', 'review.malformed'],
    ['wrong shape', [JSON.stringify({ verdict: 'safe' })], 'ask', 'review.malformed'],
    ['out of range', [verdict('safe', 7)], 'ask', 'review.malformed'],
    ['cut off', [{ text: verdict('safe', 0.99), finishReason: 'length' as const }], 'ask', 'review.malformed'],
    ['unavailable', [new ProviderError({ code: 'provider.unavailable', message: 'down', provider: 'x', retryable: true })], 'ask', 'review.unavailable'],
    ['exhausted', [], 'ask', 'review.unavailable'],
  ])('%s never authorizes', async (_label, script, effect, rule) => {
    const decision = await modelReviewer(scriptedProvider(script)).review(call, allow);
    expect(decision).toMatchObject({ effect, rule });
  });

  it('accepts a fenced JSON verdict', async () => {
    expect(await modelReviewer(scriptedProvider([`\`\`\`json\n${verdict('safe', 0.9)}\n\`\`\``])).review(call, allow)).toEqual(allow);
  });

  it('honours onFailure, onDangerous and minConfidence', async () => {
    expect(await modelReviewer(scriptedProvider(['junk']), { onFailure: 'deny' }).review(call, allow)).toMatchObject({ effect: 'deny' });
    expect(await modelReviewer(scriptedProvider([verdict('dangerous', 1)]), { onDangerous: 'ask' }).review(call, allow)).toMatchObject({ effect: 'ask' });
    expect(await modelReviewer(scriptedProvider([verdict('safe', 0.5)]), { minConfidence: 0.4 }).review(call, allow)).toEqual(allow);
  });

  it('times out into a failure', async () => {
    const slow = scriptedProvider([{ text: verdict('safe', 1), delayMs: 10_000 }]);
    expect(await modelReviewer(slow, { timeoutMs: 10 }).review(call, allow)).toMatchObject({ effect: 'ask', rule: 'review.unavailable' });
  });

  it('never loosens ask or deny and skips read-only tools (no model call)', async () => {
    const provider = scriptedProvider([verdict('safe', 1)]);
    const reviewer = modelReviewer(provider);
    const ask: Decision = { effect: 'ask', rule: 'mode.safe', reason: 'r' };
    expect(await reviewer.review(call, ask)).toEqual(ask);
    expect(await reviewer.review(call, { ...ask, effect: 'deny' })).toMatchObject({ effect: 'deny' });
    expect(await reviewer.review({ ...call, annotations: { readOnly: true } }, allow)).toEqual(allow);
    expect(provider.requests).toHaveLength(0);
    expect(await modelReviewer(provider, { tools: ['other'] }).review(call, allow)).toEqual(allow);
  });

  it('wraps a gate', async () => {
    const gate = modelReviewer(scriptedProvider([verdict('dangerous', 0.9)])).gate(recordingGate());
    expect(await gate.decide(call, { runId: 'r', step: 0, tainted: false })).toMatchObject({ effect: 'deny', rule: 'review.dangerous' });
  });
});

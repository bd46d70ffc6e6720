import { describe, expect, it } from 'vitest';
import { HANDOFF_LIMITS, handoffReceipt } from '../src/handoff-entry.js';
import { ProtocolError, type Handoff } from '../src/index.js';
import { Handoff as HandoffSchema, handoffFromJson, handoffReceiptFromJson, handoffReceiptToJson, handoffToJson } from '../src/schemas.js';

function sample(overrides: Partial<Handoff> = {}): Handoff {
  return {
    version: 1,
    id: 'hof_1',
    from: 'researcher',
    to: 'writer',
    contextSummary: 'Found 3 key sources on quantum computing',
    artifacts: ['research_notes.json'],
    confidence: 0.85,
    suggestedNextAction: 'write the summary',
    metadata: { sources: 3, method: 'search' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(ProtocolError.isInstance(error)).toBe(true);
    return (error as ProtocolError).code;
  }
  return undefined;
}

describe('Handoff toJson / fromJson', () => {
  it('round-trips a handoff and its receipt unchanged', () => {
    const handoff = sample({ history: 'summary', sticky: false, runId: 'run_1', sessionId: 's' });
    const json = handoffToJson(handoff);
    expect(handoffFromJson(json)).toEqual(handoff);
    const receipt = handoffReceipt(handoff, 'accepted', { at: '2026-01-01T00:00:01.000Z' });
    expect(receipt).toEqual({ version: 1, handoffId: 'hof_1', status: 'accepted', by: 'writer', at: '2026-01-01T00:00:01.000Z' });
    expect(handoffReceiptFromJson(handoffReceiptToJson(receipt))).toEqual(receipt);
  });

  it('a rejected receipt always has a reason, cut to the limit', () => {
    expect(handoffReceipt(sample(), 'rejected').reason).toBe('rejected without a reason');
    const long = handoffReceipt(sample(), 'rejected', { reason: 'x'.repeat(5000), by: 'runtime' });
    expect(long.reason).toHaveLength(HANDOFF_LIMITS.reasonChars);
    expect(long.by).toBe('runtime');
    expect(() => handoffReceiptToJson(long)).not.toThrow();
    expect(codeOf(() => handoffReceiptFromJson(JSON.stringify({ ...long, reason: undefined })))).toBe('protocol.invalid_value');
  });

  it('refuses invalid values both ways with protocol.invalid_value, naming where', () => {
    expect(codeOf(() => handoffToJson(sample({ confidence: 2 })))).toBe('protocol.invalid_value');
    expect(codeOf(() => handoffFromJson('{not json'))).toBe('protocol.invalid_value');
    expect(codeOf(() => handoffFromJson(JSON.stringify({ ...sample(), version: 2 })))).toBe('protocol.invalid_value');
    try {
      handoffFromJson(JSON.stringify({ ...sample(), to: 'bad name' }));
    } catch (error) {
      expect((error as Error).message).toContain('at to');
    }
    // Extra keys are refused: a handoff cannot smuggle in fields a receiver might act on.
    expect(codeOf(() => handoffFromJson(JSON.stringify({ ...sample(), tools: ['shell'] })))).toBe('protocol.invalid_value');
  });

  it('enforces the field limits', () => {
    expect(HandoffSchema.safeParse(sample({ contextSummary: 'x'.repeat(HANDOFF_LIMITS.contextSummaryChars) })).success).toBe(true);
    expect(HandoffSchema.safeParse(sample({ contextSummary: 'x'.repeat(HANDOFF_LIMITS.contextSummaryChars + 1) })).success).toBe(false);
    expect(HandoffSchema.safeParse(sample({ artifacts: Array.from({ length: HANDOFF_LIMITS.artifacts + 1 }, (_, i) => `a${i}`) })).success).toBe(false);
    expect(HandoffSchema.safeParse(sample({ metadata: { blob: 'y'.repeat(HANDOFF_LIMITS.metadataBytes) } })).success).toBe(false);
    // Multi-byte characters count by their UTF-8 size.
    expect(HandoffSchema.safeParse(sample({ metadata: { blob: 'é'.repeat(HANDOFF_LIMITS.metadataBytes / 2) } })).success).toBe(false);
    expect(HandoffSchema.safeParse(sample({ metadata: { blob: 'é'.repeat(HANDOFF_LIMITS.metadataBytes / 2 - 20) } })).success).toBe(true);
  });

  it('refuses a text over jsonBytes before parsing it, with protocol.too_large', () => {
    const huge = `{"pad":"${'z'.repeat(HANDOFF_LIMITS.jsonBytes)}"}`;
    expect(codeOf(() => handoffFromJson(huge))).toBe('protocol.too_large');
    // Within every field limit but over the whole-record limit: refused on the way out too.
    const artifacts = Array.from({ length: HANDOFF_LIMITS.artifacts }, (_, i) => `${i}-${'a'.repeat(HANDOFF_LIMITS.artifactChars - 4)}`);
    expect(codeOf(() => handoffToJson(sample({ artifacts })))).toBe('protocol.too_large');
    // Emoji are 4 bytes in UTF-8: under the limit in characters, over it in bytes.
    const emoji = `{"s":"${'😀'.repeat(HANDOFF_LIMITS.jsonBytes / 4)}"}`;
    expect(emoji.length).toBeLessThan(HANDOFF_LIMITS.jsonBytes);
    expect(codeOf(() => handoffFromJson(emoji))).toBe('protocol.too_large');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '@warden/protocol';
import { createPriceTable } from './price-table.js';

describe('price table', () => {
  it('prices fresh input, cache reads and writes and output separately', () => {
    const table = createPriceTable();
    const cost = table.costOf('anthropic', 'claude-sonnet-4-20250514', {
      inputTokens: 4250,
      outputTokens: 180,
      cacheReadTokens: 3000,
      cacheWriteTokens: 1200,
      reasoningTokens: 0,
    });
    expect(cost).toBeCloseTo((50 * 3 + 3000 * 0.3 + 1200 * 3.75 + 180 * 15) / 1e6, 12);
  });

  it('is extended with registerModel per table, never globally', () => {
    const mine = createPriceTable({ defaults: false });
    mine.registerModel({ provider: 'groq', model: 'my-model', input: 1, output: 2 });
    expect(mine.costOf('groq', 'my-model', { inputTokens: 1e6, outputTokens: 1e6, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })).toBe(3);
    expect(createPriceTable().lookup('groq', 'my-model')).toBeUndefined();
    expect(mine.lookup('openai', 'gpt-4o')).toBeUndefined();
    expect(createPriceTable().lookup('openai', 'gpt-4o-2024-08-06')?.input).toBe(2.5);
  });

  it('refuses invalid prices with a typed error', () => {
    expect(() => createPriceTable().registerModel({ model: 'x', input: -1, output: 1 })).toThrow(ConfigError);
  });
});

describe('price table data', () => {
  it('dates and sources every built-in price', () => {
    for (const price of createPriceTable().entries()) {
      expect(price.asOf, price.model).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(price.source, price.model).toMatch(/^https:\/\//);
    }
  });

  it('prices reasoning tokens at their own rate when one is given, else as output', () => {
    const table = createPriceTable({ defaults: false, models: [{ model: 'r1', input: 1, output: 10, reasoning: 20 }, { model: 'plain', input: 1, output: 10 }] });
    const usage = { inputTokens: 0, outputTokens: 1e6, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 4e5 };
    expect(table.costOf('x', 'r1', usage)).toBeCloseTo(0.6 * 10 + 0.4 * 20, 9);
    expect(table.costOf('x', 'plain', usage)).toBeCloseTo(10, 9);
    expect(table.costOf('x', 'unknown-model', usage)).toBeUndefined();
  });
});

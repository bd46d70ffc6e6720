import { describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { DEFAULT_PRICES, MODEL_CATALOG, createPriceTable, listModels, lookupModel } from '../src/catalog.js';
import { openai } from '../src/index.js';
import { FAKE_KEY } from './helpers/vendor-server.js';

describe('the model catalogue', () => {
  it('every entry has limits, prices, capabilities, a date and a source', () => {
    expect(MODEL_CATALOG.length).toBeGreaterThan(10);
    for (const info of MODEL_CATALOG) {
      expect(info.contextWindow).toBeGreaterThan(info.maxOutputTokens);
      expect(info.price.input).toBeGreaterThan(0);
      expect(info.price.output).toBeGreaterThanOrEqual(info.price.input);
      expect(info.capabilities).toContain('streaming');
      expect(info.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(info.source).toMatch(/^https:\/\//);
    }
    expect(Object.isFrozen(MODEL_CATALOG)).toBe(true);
  });

  it('is the one source of the default prices', () => {
    expect(DEFAULT_PRICES).toHaveLength(MODEL_CATALOG.length);
    for (const price of DEFAULT_PRICES) {
      const info = lookupModel(price.model, price.provider);
      expect(info).toBeDefined();
      expect(price).toMatchObject({ ...info?.price, contextWindow: info?.contextWindow, asOf: info?.asOf, source: info?.source });
    }
  });

  it('looks up dated snapshots, tags and prefixes like the price table', () => {
    expect(lookupModel('gpt-4o-2024-08-06')?.model).toBe('gpt-4o');
    expect(lookupModel('claude-sonnet-4-20250514', 'anthropic')).toMatchObject({ model: 'claude-sonnet-4', maxOutputTokens: 64_000 });
    expect(lookupModel('models/gemini-2.5-pro')?.contextWindow).toBe(1_048_576);
    expect(lookupModel('gpt-4o', 'anthropic')).toBeUndefined();
    expect(lookupModel('no-such-model')).toBeUndefined();
    expect(listModels({ provider: 'gemini' }).map((m) => m.model)).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite']);
    // Copies: a caller cannot change the catalogue.
    const copy = lookupModel('o3');
    if (copy) copy.price.input = 0;
    expect(lookupModel('o3')?.price.input).toBe(2);
  });

  it("a provider's context window and cost come from it", () => {
    const provider = openai({ apiKey: FAKE_KEY, model: 'gpt-4.1-mini' });
    expect(provider.contextWindow).toBe(1_047_576);
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
    expect(createPriceTable().costOf('openai', 'gpt-4.1-mini', usage)).toBeCloseTo(0.4 + 1.6);
    expect(provider.explain({ messages: [userMessage('x')] }).payload).toMatchObject({ model: 'gpt-4.1-mini' });
  });
});

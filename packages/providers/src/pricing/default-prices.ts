import type { ModelPrice } from './price-table.js';

/**
 * Built-in list prices (USD per million tokens) as published by the vendors,
 * each with the date it was checked (`asOf`) and the page it was read from
 * (`source`). Prices change: check your vendor's page and override with
 * `registerModel` (or `prices` in the harness config) when they differ.
 * Frozen; tables copy it.
 */
const PRICES: ModelPrice[] = [
  { provider: 'openai', model: 'gpt-4o', input: 2.5, output: 10, cacheRead: 1.25, contextWindow: 128_000, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'gpt-4o-mini', input: 0.15, output: 0.6, cacheRead: 0.075, contextWindow: 128_000, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'gpt-4.1', input: 2, output: 8, cacheRead: 0.5, contextWindow: 1_047_576, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'gpt-4.1-mini', input: 0.4, output: 1.6, cacheRead: 0.1, contextWindow: 1_047_576, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'gpt-4.1-nano', input: 0.1, output: 0.4, cacheRead: 0.025, contextWindow: 1_047_576, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'o3', input: 2, output: 8, cacheRead: 0.5, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'openai', model: 'o4-mini', input: 1.1, output: 4.4, cacheRead: 0.275, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://openai.com/api/pricing/' },
  { provider: 'anthropic', model: 'claude-opus-4-1', input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'anthropic', model: 'claude-opus-4', input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'anthropic', model: 'claude-sonnet-4', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'anthropic', model: 'claude-sonnet-4-5', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'anthropic', model: 'claude-3-7-sonnet', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'anthropic', model: 'claude-3-5-haiku', input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1, contextWindow: 200_000, asOf: '2025-08-01', source: 'https://www.anthropic.com/pricing#api' },
  { provider: 'gemini', model: 'gemini-2.5-pro', input: 1.25, output: 10, cacheRead: 0.31, contextWindow: 1_048_576, asOf: '2025-08-01', source: 'https://ai.google.dev/gemini-api/docs/pricing' },
  { provider: 'gemini', model: 'gemini-2.5-flash', input: 0.3, output: 2.5, cacheRead: 0.075, contextWindow: 1_048_576, asOf: '2025-08-01', source: 'https://ai.google.dev/gemini-api/docs/pricing' },
  { provider: 'gemini', model: 'gemini-2.5-flash-lite', input: 0.1, output: 0.4, cacheRead: 0.025, contextWindow: 1_048_576, asOf: '2025-08-01', source: 'https://ai.google.dev/gemini-api/docs/pricing' },
  { provider: 'deepseek', model: 'deepseek-chat', input: 0.27, output: 1.1, cacheRead: 0.07, contextWindow: 64_000, asOf: '2025-08-01', source: 'https://api-docs.deepseek.com/quick_start/pricing' },
  { provider: 'deepseek', model: 'deepseek-reasoner', input: 0.55, output: 2.19, cacheRead: 0.14, contextWindow: 64_000, asOf: '2025-08-01', source: 'https://api-docs.deepseek.com/quick_start/pricing' },
];

export const DEFAULT_PRICES: readonly Readonly<ModelPrice>[] = Object.freeze(PRICES.map((price) => Object.freeze(price)));

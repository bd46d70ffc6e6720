import { configError } from '../errors/coded-errors.js';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys, Usage } from '@warden/protocol';
import { baseModel } from './base-model.js';
import { DEFAULT_PRICES } from './default-prices.js';

/** Prices in US dollars per million tokens. */
export interface ModelPrice {
  /** The vendor family or preset id (`openai`, `anthropic`, `gemini`, `groq`…); omit to match any provider. */
  provider?: string;
  /** The model id; a dated snapshot (`<model>-2025-01-01`) or a `:`/`@` tag matches its base entry. */
  model: string;
  input: number;
  output: number;
  /** Per million cached input tokens read (default: `input`). */
  cacheRead?: number;
  /** Per million input tokens written to the cache (default: `input`). */
  cacheWrite?: number;
  /** Per million reasoning tokens (part of the output; default: `output`). */
  reasoning?: number;
  contextWindow?: number;
  /** When the price was checked (`YYYY-MM-DD`). */
  asOf?: string;
  /** Where it was read (the vendor's pricing page, or `config` for an override). */
  source?: string;
}

/** A price table you own: start from the defaults or empty, and `registerModel` to extend it. */
export interface PriceTable {
  registerModel(price: ModelPrice): void;
  lookup(provider: string, model: string): ModelPrice | undefined;
  /** The cost of one call, or undefined when the model's price is unknown. */
  costOf(provider: string, model: string, usage: Usage): number | undefined;
  entries(): ModelPrice[];
}

export interface PriceTableOptions {
  /** Start from the built-in prices (default true). */
  defaults?: boolean;
  models?: readonly ModelPrice[];
}

function isPrice(value: number | undefined): boolean {
  return value === undefined || (Number.isFinite(value) && value >= 0);
}

function validate(price: ModelPrice): void {
  if (typeof price.model !== 'string' || price.model.length === 0) {
    throw configError({ code: 'config.invalid', message: 'registerModel: `model` must be a non-empty string', hint: 'Pass { model, input, output }.' });
  }
  for (const key of ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const) {
    if (!isPrice(price[key]) || ((key === 'input' || key === 'output') && price[key] === undefined)) {
      throw configError({
        code: 'config.invalid',
        message: `registerModel(${price.model}): \`${key}\` must be a non-negative number of dollars per million tokens`,
        hint: 'Prices are US dollars per million tokens, e.g. { input: 3, output: 15 }.',
      });
    }
  }
}

const PRICE_TABLE_KEYS = { defaults: true, models: true } satisfies OptionKeys<PriceTableOptions>;

export function createPriceTable(options: PriceTableOptions = {}): PriceTable {
  strictOptions('createPriceTable', PRICE_TABLE_KEYS, options);
  const table = new Map<string, ModelPrice>();
  const key = (provider: string | undefined, model: string): string => `${provider ?? '*'}\u0000${model}`;
  const add = (price: ModelPrice): void => {
    validate(price);
    table.set(key(price.provider, price.model), { ...price });
  };
  if (options.defaults !== false) for (const price of DEFAULT_PRICES) add(price);
  for (const price of options.models ?? []) add(price);

  function lookup(provider: string, model: string): ModelPrice | undefined {
    for (const candidate of [model, ...baseModel(model)]) {
      const found = table.get(key(provider, candidate)) ?? table.get(key(undefined, candidate));
      if (found) return { ...found };
    }
    return undefined;
  }

  return {
    registerModel: add,
    lookup,
    costOf(provider, model, usage) {
      const price = lookup(provider, model);
      if (!price) return undefined;
      const cached = usage.cacheReadTokens + usage.cacheWriteTokens;
      const fresh = Math.max(0, usage.inputTokens - cached);
      const cost =
        fresh * price.input +
        usage.cacheReadTokens * (price.cacheRead ?? price.input) +
        usage.cacheWriteTokens * (price.cacheWrite ?? price.input) +
        Math.max(0, usage.outputTokens - usage.reasoningTokens) * price.output +
        Math.min(usage.reasoningTokens, usage.outputTokens) * (price.reasoning ?? price.output);
      return cost / 1_000_000;
    },
    entries: () => [...table.values()].map((p) => ({ ...p })),
  };
}

import { baseModel } from '../pricing/base-model.js';
import { MODEL_CATALOG, type ModelInfo } from './model-catalog.js';

/**
 * The catalogue entry for a model, by the same rules as the price table: a dated snapshot
 * (`gpt-4o-2024-08-06`), a `:`/`@` tag or a path prefix falls back to its base entry.
 * `provider` may be omitted to match any. Undefined when the catalogue does not know it.
 */
export function lookupModel(model: string, provider?: string): ModelInfo | undefined {
  for (const candidate of [model, ...baseModel(model)]) {
    const found = MODEL_CATALOG.find((info) => info.model === candidate && (provider === undefined || info.provider === provider));
    if (found) return { ...found, price: { ...found.price }, capabilities: [...found.capabilities] };
  }
  return undefined;
}

/** Every catalogue entry, or one provider's. */
export function listModels(options: { provider?: string } = {}): ModelInfo[] {
  return MODEL_CATALOG.filter((info) => options.provider === undefined || info.provider === options.provider).map((info) => ({
    ...info,
    price: { ...info.price },
    capabilities: [...info.capabilities],
  }));
}

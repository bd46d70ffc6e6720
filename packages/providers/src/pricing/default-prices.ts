import { MODEL_CATALOG } from '../catalog/model-catalog.js';
import type { ModelPrice } from './price-table.js';

/**
 * Built-in list prices (USD per million tokens), derived from the model catalogue — the one
 * source of prices — each with the date it was checked (`asOf`) and the page it was read from
 * (`source`). Prices change: check your vendor's page and override with `registerModel` (or
 * `prices` in the harness config) when they differ. Frozen; tables copy it.
 */
export const DEFAULT_PRICES: readonly Readonly<ModelPrice>[] = Object.freeze(
  MODEL_CATALOG.map((info) => {
    const price: ModelPrice = { provider: info.provider, model: info.model, ...info.price, contextWindow: info.contextWindow, asOf: info.asOf, source: info.source };
    return Object.freeze(price);
  }),
);

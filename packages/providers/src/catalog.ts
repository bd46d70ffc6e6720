// `@warden/providers/catalog`: explicit named re-exports only; adding a name here makes it public API.
export { createPriceTable } from './pricing/price-table.js';
export type { ModelPrice, PriceTable, PriceTableOptions } from './pricing/price-table.js';
export { DEFAULT_PRICES } from './pricing/default-prices.js';
export { MODEL_CATALOG } from './catalog/model-catalog.js';
export type { ModelCapability, ModelInfo } from './catalog/model-catalog.js';
export { listModels, lookupModel } from './catalog/lookup-model.js';

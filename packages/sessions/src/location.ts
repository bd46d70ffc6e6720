// `@warden/sessions/location`: reading a store location without loading any store (the harness
// and the CLI parse `--sessions` on paths that may never open one).
export { parseStoreTarget, storeTargetIn, describeStoreTarget } from './store-location.js';
export type { StoreTarget } from './store-location.js';
